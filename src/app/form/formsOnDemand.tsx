import type { ComponentProps, ReactNode } from 'react';
import type { StepForm as RjsfStepForm } from './renderers/StepForm';
import type { ReviewAndSign as ReviewAndSignScreen } from './review/ReviewAndSign';
import type { DuplicateClaimNotice as DuplicateClaimNoticeScreen } from './step/DuplicateClaimNotice';
import type { ClaimOnEarlierVersion as ClaimOnEarlierVersionScreen } from './step/ClaimOnItsVersion';
import type { ExitPage as ExitPageScreen } from './step/ExitPage';
import { onDemand, onDemandStateText, type OnDemandState } from './onDemand';

const stillLoading = (state: OnDemandState) => <p aria-live="polite">{onDemandStateText(state)}</p>;

/** A page with its own back link and heading, drawn at once while its body loads. */
const headedPageLoading = (
  props: { backLink: ReactNode; heading: ReactNode },
  state: OnDemandState,
) => (
  <div className="narrow">
    {props.backLink}
    {props.heading}
    {stillLoading(state)}
  </div>
);

/** RJSF's form, for every page the slim renderer does not take; fetched when idle. */
export const stepForm = onDemand<ComponentProps<typeof RjsfStepForm>>(
  () => import('./renderers/StepForm').then((module) => module.StepForm),
  (props, state) => (
    <>
      {props.children}
      {stillLoading(state)}
    </>
  ),
);

/** Check your answers and sign, with the signature pad; fetched when idle. */
export const reviewAndSign = onDemand<ComponentProps<typeof ReviewAndSignScreen>>(
  () => import('./review/ReviewAndSign').then((module) => module.ReviewAndSign),
  headedPageLoading,
);

/**
 * "You already have a claim for this vehicle", shown after a Continue: fetched when idle
 * with the other forms, so it shows at once when it is needed.
 */
export const duplicateClaimNotice = onDemand<ComponentProps<typeof DuplicateClaimNoticeScreen>>(
  () => import('./step/DuplicateClaimNotice').then((module) => module.DuplicateClaimNotice),
  (_props, state) => stillLoading(state),
);

/**
 * A funnel's exit page ("you cannot claim"), reached by a Continue: fetched when idle with
 * the other forms.
 */
export const exitPage = onDemand<ComponentProps<typeof ExitPageScreen>>(
  () => import('./step/ExitPage').then((module) => module.ExitPage),
  headedPageLoading,
);

/**
 * A claim page whose URL names another claimant (a link opened on another account): known
 * only once the session is, so fetched then.
 */
export const signInAsOwner = onDemand<object>(
  () => import('./step/SignInAsOwner').then((module) => module.SignInAsOwner),
  (_props, state) => stillLoading(state),
);

/** A claim on an earlier version of its funnel: fetched only for such a claim. */
export const claimOnEarlierVersion = onDemand<ComponentProps<typeof ClaimOnEarlierVersionScreen>>(
  () => import('./step/ClaimOnItsVersion').then((module) => module.ClaimOnEarlierVersion),
  (_props, state) => stillLoading(state),
);

/** Fetches every on-demand form, so moving on from the first page needs no new JavaScript. */
export function preloadForms(): Promise<unknown> {
  return Promise.all([
    stepForm.preload(),
    reviewAndSign.preload(),
    duplicateClaimNotice.preload(),
    exitPage.preload(),
  ]);
}
