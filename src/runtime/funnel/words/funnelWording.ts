/**
 * The funnel-specific words a claimant reads around the pages (sign heading, submit button,
 * confirmation, "start another"), from the funnel file's `wording`, with defaults built from
 * its claim noun: a parking appeal says "Accept and send appeal" without writing every line.
 * The defaults' sentences are the caller's, from its content file, in the reader's language.
 */
import { atSentenceStart } from './sentenceCase';
import type { Funnel, FunnelWording } from '../types';

export type ResolvedFunnelWording = Required<Omit<FunnelWording, 'startAnotherText'>> &
  Pick<FunnelWording, 'startAnotherText'> & {
    /** The button label while the claim is being sent. */
    submittingButton: string;
    /** The confirmation panel's heading once the claimant has withdrawn. */
    withdrawnTitle: string;
  };

/** The wording a funnel may leave out, each said from the claim noun when it does. */
export type DefaultWordingKey = Exclude<keyof ResolvedFunnelWording, 'startAnotherText'>;

/**
 * Says a default: `claimNoun` as written ("appeal"), `ClaimNoun` with a capital first letter
 * for a sentence that starts with it ("Appeal submitted").
 */
type SayDefaultWording = (
  key: DefaultWordingKey,
  values: { claimNoun: string; ClaimNoun: string },
) => string;

export function funnelWording(
  funnel: Pick<Funnel, 'wording'>,
  say: SayDefaultWording,
): ResolvedFunnelWording {
  const written = funnel.wording ?? {};
  const noun = written.claimNoun ?? say('claimNoun', { claimNoun: '', ClaimNoun: '' });
  const values = { claimNoun: noun, ClaimNoun: atSentenceStart(noun) };
  return {
    claimNoun: noun,
    signHeading: written.signHeading ?? say('signHeading', values),
    submitButton: written.submitButton ?? say('submitButton', values),
    submittingButton: say('submittingButton', values),
    confirmationTitle: written.confirmationTitle ?? say('confirmationTitle', values),
    withdrawnTitle: say('withdrawnTitle', values),
    whatHappensNext: written.whatHappensNext ?? say('whatHappensNext', values),
    startAnotherHeading: written.startAnotherHeading ?? say('startAnotherHeading', values),
    startAnotherText: written.startAnotherText,
    startAnotherButton: written.startAnotherButton ?? say('startAnotherButton', values),
  };
}
