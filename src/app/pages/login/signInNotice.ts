import type { SignInResult } from '../../../store/account/account';
import { accountText } from '../account/accountText';

/** What the next page tells the claimant about the sign-in (read by YourClaimsPage). */
export interface SignInNotice {
  notice: string;
}

/** What moving the anonymous session's claims did, in a sentence, or null. */
function mergeSentence(result: SignInResult): string | null {
  if (result.mergeRefusal) return result.mergeRefusal;
  if (result.mergeFailed) {
    return accountText('notice.mergeFailed');
  }
  if (result.merged && result.merged.choices.length > 0) {
    return accountText('notice.choose');
  }
  if (result.merged && result.merged.moved.length > 0) {
    return accountText('notice.moved');
  }
  return null;
}

export function signInNoticeOf(
  result: SignInResult & { passwordRemoved?: boolean },
): SignInNotice | undefined {
  const merge = mergeSentence(result);
  const problem = result.passwordRemoved || result.mergeFailed;
  const sentences = [
    problem ? accountText('notice.signedIn') : null,
    result.passwordRemoved ? accountText('notice.passwordRemoved') : null,
    merge,
  ].filter((sentence): sentence is string => sentence !== null);
  return sentences.length > 0 ? { notice: sentences.join(' ') } : undefined;
}
