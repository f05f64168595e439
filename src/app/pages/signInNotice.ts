import type { SignInResult } from '../../store/account';

/** What the next page tells the claimant about the sign-in (read by YourClaimsPage). */
export interface SignInNotice {
  notice: string;
}

export function signInNoticeOf(result: SignInResult): SignInNotice | undefined {
  if (result.mergeFailed) {
    return {
      notice:
        'You are signed in, but we could not move the claim you started before signing in. Your answers are kept: sign out and in again to retry.',
    };
  }
  if (result.merged && result.merged.choices.length > 0) {
    return {
      notice:
        'You already had a claim in progress in your account, and you started another before signing in. Both are saved below: choose which one to continue. You can open or delete the other one at any time.',
    };
  }
  if (result.merged && result.merged.moved.length > 0) {
    return { notice: 'The claim you started before signing in is now saved in your account.' };
  }
  return undefined;
}
