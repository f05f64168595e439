/** A registration as the claimant typed it, tidied for a heading: "ab12  cde" is "AB12 CDE". */
export function displayRegistration(typed: string): string {
  return typed.trim().replace(/\s+/g, ' ').toUpperCase();
}
