/**
 * The funnel-specific words a claimant reads around the pages (sign heading, submit button,
 * confirmation, "start another"), from the funnel file's `wording`, with defaults built from
 * its claim noun: a parking appeal says "Accept and send appeal" without writing every line.
 */
import type { Funnel, FunnelWording } from './types';

export type ResolvedFunnelWording = Required<Omit<FunnelWording, 'startAnotherText'>> &
  Pick<FunnelWording, 'startAnotherText'> & {
    /** The button label while the claim is being sent. */
    submittingButton: string;
    /** The confirmation panel's heading once the claimant has withdrawn. */
    withdrawnTitle: string;
  };

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function funnelWording(funnel: Pick<Funnel, 'wording'>): ResolvedFunnelWording {
  const written = funnel.wording ?? {};
  const noun = written.claimNoun ?? 'claim';
  return {
    claimNoun: noun,
    signHeading: written.signHeading ?? `Sign and send your ${noun}`,
    submitButton: written.submitButton ?? `Accept and send ${noun}`,
    submittingButton: `Sending your ${noun}…`,
    confirmationTitle: written.confirmationTitle ?? `${capitalised(noun)} submitted`,
    withdrawnTitle: `${capitalised(noun)} withdrawn`,
    whatHappensNext:
      written.whatHappensNext ??
      `We will check your ${noun} and contact you within 10 working days. Keep your reference number: you will need it if you contact us.`,
    startAnotherHeading: written.startAnotherHeading ?? `Make another ${noun}`,
    startAnotherText: written.startAnotherText,
    startAnotherButton: written.startAnotherButton ?? `Start another ${noun}`,
  };
}
