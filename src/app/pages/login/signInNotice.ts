import type { SignInResult } from '../../../store/account';

/** What the next page tells the claimant about the sign-in (read by YourClaimsPage). */
export interface SignInNotice {
  notice: string;
}

const PASSWORD_REMOVED =
  'Your account had a password that was set before anyone confirmed this email address, so it may not have been yours: we have removed it and signed out every other device. Set a password of your own on your account page.';

/** What moving the anonymous session's claims did, in a sentence, or null. */
function mergeSentence(result: SignInResult): string | null {
  if (result.mergeRefusal) return result.mergeRefusal;
  if (result.mergeFailed) {
    return 'We could not move the claim you started before signing in. Your answers are kept: sign out and in again to retry.';
  }
  if (result.merged && result.merged.choices.length > 0) {
    return 'You already had a claim in progress in your account, and you started another before signing in. Both are saved below: choose which one to continue. You can open or delete the other one at any time.';
  }
  if (result.merged && result.merged.moved.length > 0) {
    return 'The claim you started before signing in is now saved in your account.';
  }
  return null;
}

export function signInNoticeOf(
  result: SignInResult & { passwordRemoved?: boolean },
): SignInNotice | undefined {
  const merge = mergeSentence(result);
  const problem = result.passwordRemoved || result.mergeFailed;
  const sentences = [
    problem ? 'You are signed in.' : null,
    result.passwordRemoved ? PASSWORD_REMOVED : null,
    merge,
  ].filter((sentence): sentence is string => sentence !== null);
  return sentences.length > 0 ? { notice: sentences.join(' ') } : undefined;
}
