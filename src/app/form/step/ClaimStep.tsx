import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Funnel, FunnelPage, FunnelRegistry } from '../../../runtime/funnel';
import { GenericErrorPage } from '../../ui/ErrorPage';
import { usePageTitle } from '../../usePageTitle';
import { formText } from '../formText';
import { ClaimLoading } from './ClaimLoading';
import {
  claimOnEarlierVersion,
  duplicateClaimNotice,
  exitPage,
  reviewAndSign,
} from '../formsOnDemand';
import { QuestionPage } from './QuestionPage';
import { StepHeading } from './StepHeading';
import { stepTitle } from './stepTitle';
import { useStepContinue } from './continue/useStepContinue';
import { useClaimLanguage } from './useClaimLanguage';

interface ClaimStepProps {
  /** The registry holding the funnel at the version shown (the claim's own, see ClaimOnItsVersion). */
  registry: FunnelRegistry;
  funnel: Funnel;
  page: FunnelPage;
  /** Null until the session exists (only a funnel's first page shows before it). */
  uid: string | null;
  /** Shown above the questions (the offer of a newer version). */
  notice?: ReactNode;
  /** The address names the claim's owner (a returning claimant's link or bookmark). */
  ownerInUrl?: boolean;
}

/** The step as the claim's own version has it (see ClaimOnItsVersion). */
export const stepOnItsVersion =
  (uid: string) => (step: Pick<ClaimStepProps, 'registry' | 'funnel' | 'page' | 'notice'>) => (
    <ClaimStep key={step.funnel.version} uid={uid} {...step} />
  );

/**
 * One page of a claim, as its kind and the claim's state ask: loading, the claim's own
 * (earlier) version, review and sign, an exit page, another claim for the same vehicle, or
 * the page's questions.
 */
export function ClaimStep({ registry, funnel, page, uid, notice, ownerInUrl }: ClaimStepProps) {
  const step = useStepContinue(registry, funnel, page, uid, ownerInUrl);
  const { ready, draft, answers, duplicate, navigator, urlOf } = step;
  useClaimLanguage(funnel, draft?.recordedLocale);
  const onOtherVersion =
    ready && !!draft && draft.funnelVersion !== null && draft.funnelVersion !== funnel.version;
  // Not this version's title while the claim's own version is not known, or is another.
  usePageTitle(
    step.waitsForClaim || onOtherVersion
      ? null
      : duplicate
        ? formText('step.duplicateTitle', { registration: duplicate.registration })
        : stepTitle(funnel, page),
  );

  if (step.loadStatus === 'failed') {
    return <GenericErrorPage message={formText('step.loadFailed')} />;
  }
  // A claim on an earlier version is shown as that version has it.
  if (onOtherVersion && uid) {
    return (
      <claimOnEarlierVersion.Component
        funnel={funnel}
        pageId={page.pageId}
        uid={uid}
        renderStep={stepOnItsVersion(uid)}
      />
    );
  }
  if (step.waitsForClaim) return <ClaimLoading />;

  const previous = navigator.previous(page.pageId, answers);
  const backLink = previous ? (
    <Link className="back-link" to={urlOf(previous.pageId)}>
      {formText('step.back')}
    </Link>
  ) : null;
  const heading = (
    <StepHeading funnel={funnel} page={page} progress={navigator.progress(page.pageId, answers)} />
  );

  if (ready && uid && draft && (page.kind === 'review-and-sign' || draft.status === 'submitted')) {
    return (
      <reviewAndSign.Component
        {...{ registry, notice, funnel, page, uid, draft, backLink, heading }}
      />
    );
  }
  if (page.kind === 'exit') {
    return (
      <exitPage.Component
        heading={heading}
        backLink={backLink}
        changeAnswersUrl={previous ? urlOf(previous.pageId) : null}
      />
    );
  }
  if (duplicate) {
    return (
      <duplicateClaimNotice.Component
        registration={duplicate.registration}
        claims={duplicate.claims}
        onBack={() => step.leaveDuplicate(false)}
        onContinueAnyway={() => step.leaveDuplicate(true)}
      />
    );
  }
  return <QuestionPage {...{ registry, funnel, page, uid, step, backLink, heading, notice }} />;
}
