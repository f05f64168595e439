import type { Answers, ClaimSummary, PageAnswers } from '../types';
import { roleFieldOf, subjectKeyOf } from './roleFields';

/**
 * What deciding Continue needs of a funnel's navigator (runtime/funnel's FunnelNavigator is
 * one); named here so the claim rules need not import the funnel runtime.
 */
interface PathNavigator {
  next(pageId: string, answers: Answers): { pageId: string } | undefined;
  resume(answers: Answers): { pageId: string };
}

/** What Continue does once a page's answers are valid (and kept). */
type ContinueOutcome =
  /** Go to this page. */
  | { kind: 'go'; pageId: string }
  /** The path ends here (no page follows). */
  | { kind: 'end' }
  /**
   * The page named a subject (the funnel's subject role: a vehicle, a flight) the claimant
   * already has a claim for: show those claims first; `registration` is the subject as typed,
   * and `nextPageId` is where "continue anyway" leads.
   */
  | { kind: 'duplicate'; registration: string; claims: ClaimSummary[]; nextPageId: string | null };

/**
 * The claims among `otherClaims` (the list the gateway sends with a claim) whose subject is
 * the one typed, so a second claim for one vehicle (or flight) is spotted without a gateway
 * call on Continue.
 */
export function claimsForSubject(
  otherClaims: readonly ClaimSummary[],
  typed: string,
): ClaimSummary[] {
  const key = subjectKeyOf(typed);
  return key ? otherClaims.filter((claim) => claim.subject === key) : [];
}

/**
 * Decides what Continue does on a valid page. Pure, so every funnel behaves the same way:
 *
 * - The page holding the funnel's subject (`subjectField`, the subject role's pointer) checks
 *   it against the claimant's other claims in the funnel (sent with the claim, so no extra
 *   call) and shows a match first.
 * - A claimant who came from check-your-answers ("Change") goes straight back there, unless
 *   their change makes a page on the new path need answers: then that page comes first
 *   (GOV.UK: change the answer, return to check your answers).
 * - Otherwise the next page on the path.
 */
export function decideContinue(input: {
  navigator: PathNavigator;
  pageId: string;
  /** Every answer so far, this page's new answers included. */
  answers: Answers;
  pageAnswers: PageAnswers;
  /** The funnel's subject role pointer (/pageId/field), when it names a subject. */
  subjectField?: string;
  otherClaims: readonly ClaimSummary[];
  /** True when the claimant came from the review page to change this answer. */
  changingFromReview: boolean;
}): ContinueOutcome {
  const { navigator, pageId, answers, pageAnswers, otherClaims, changingFromReview } = input;
  const next = changingFromReview ? navigator.resume(answers) : navigator.next(pageId, answers);
  const nextPageId = next && next.pageId !== pageId ? next.pageId : null;
  const subject = input.subjectField ? roleFieldOf(input.subjectField) : undefined;
  const registration = subject?.pageId === pageId ? pageAnswers[subject.field] : undefined;
  if (typeof registration === 'string' && registration.trim()) {
    const claims = claimsForSubject(otherClaims, registration);
    if (claims.length > 0) return { kind: 'duplicate', registration, claims, nextPageId };
  }
  return nextPageId ? { kind: 'go', pageId: nextPageId } : { kind: 'end' };
}
