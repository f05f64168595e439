import type { SignInResult } from '../../../store/account/account';
import { paths } from '../../paths';
import { isRefusedRedirect, safeRedirect } from '../../routing/safeRedirect';
import { signInNoticeOf, type SignInNotice } from './signInNotice';
import { accountText } from '../account/accountText';

/**
 * Where to go after a sign-in: a page of the anonymous session's claim (its uid in the URL)
 * is now the account's, so the URL follows the claim.
 */
export function redirectAfterSignIn(redirect: string | null, result: SignInResult): string {
  // Two drafts in one funnel: the claimant sees both and chooses which to continue.
  if (result.merged && result.merged.choices.length > 0) return paths.yourClaims();
  const target = safeRedirect(redirect);
  const from = result.merged?.mergedUid;
  return from
    ? target.split(encodeURIComponent(from)).join(encodeURIComponent(result.user.uid))
    : target;
}

/**
 * What the next page says: the merge's notice, or, when the requested page was on another
 * site and was not followed, that the claimant is signed in all the same.
 */
export function noticeAfterSignIn(
  redirect: string | null,
  result: SignInResult,
): SignInNotice | undefined {
  const notice = signInNoticeOf(result);
  if (notice || !isRefusedRedirect(redirect)) return notice;
  return { notice: accountText('signIn.refusedRedirect') };
}
