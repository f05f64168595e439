/**
 * The staff list's order: when a claim was sent, then its id, as one string (ISO time first,
 * so it sorts by time). One field both orders and pages the list (`listKey < cursor`), and
 * two claims sent in the same millisecond still have their own places.
 */
export function listKeyOf(submittedAt: Date, claimId: string): string {
  return `${submittedAt.toISOString()}|${claimId}`;
}
