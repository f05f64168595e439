import {
  funnelWording,
  type DefaultWordingKey,
  type Funnel,
  type ResolvedFunnelWording,
} from '../../runtime/funnel';
import { claimPagesText, type ClaimPagesTextKey } from './claimPagesText';

/** Each wording a funnel may leave out, and the message that says its default. */
const DEFAULT_WORDING: Record<DefaultWordingKey, ClaimPagesTextKey> = {
  claimNoun: 'wording.claimNoun',
  signHeading: 'wording.signHeading',
  submitButton: 'wording.submitButton',
  submittingButton: 'wording.submittingButton',
  confirmationTitle: 'wording.confirmationTitle',
  withdrawnTitle: 'wording.withdrawnTitle',
  whatHappensNext: 'wording.whatHappensNext',
  startAnotherHeading: 'wording.startAnotherHeading',
  startAnotherButton: 'wording.startAnotherButton',
};

/**
 * A funnel's wording as a claimant reads it: the funnel's own words, and where its file leaves
 * one out, the default from src/content/messages/claimPages.en-GB.json (`wording.*`) in the page's
 * language, with the funnel's word for a claim.
 */
export function claimWording(funnel: Pick<Funnel, 'wording'>): ResolvedFunnelWording {
  return funnelWording(funnel, (key, values) => claimPagesText(DEFAULT_WORDING[key], values));
}
