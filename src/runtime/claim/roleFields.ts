/**
 * A role's answer in a claim: where its pointer leads, and the key a subject is compared by
 * (another claim for the same vehicle). Apart from claimContact.ts because a question page's
 * Continue needs these alone.
 */

/** A role pointer `/pageId/field` split into its page and field. */
export function roleFieldOf(pointer: string): { pageId: string; field: string } {
  const [, pageId = '', ...rest] = pointer.split('/');
  return { pageId, field: rest.join('/').replace(/~1/g, '/').replace(/~0/g, '~') };
}

/**
 * A subject as claims compare it: upper case with no spaces, so "ab12 cde" and "AB12CDE",
 * or "ba 123" and "BA123", name the same thing.
 */
export function subjectKeyOf(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
