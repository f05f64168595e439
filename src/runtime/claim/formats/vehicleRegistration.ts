/**
 * A registration as DVLA stores it, and as claims store and compare it: upper case, with no
 * spaces (people type "ab12 cde").
 */
export function normaliseRegistration(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}
