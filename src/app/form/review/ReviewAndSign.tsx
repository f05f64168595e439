import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { filesOfClaim, wordingUiSchema } from '../../../runtime/funnel';
import { claimWording } from '../funnelWordingText';
import { schemaWordsOf } from '../funnelSchemaWordsText';
import { resolvePath } from '../../../runtime/funnel';
import { claimContactOf } from '../../../runtime/claim';
import type { Funnel, FunnelPage, FunnelRegistry } from '../../../runtime/funnel';
import type { ClaimDraft } from '../../../store/slices/claimSlice';
import { ClaimConfirmation } from './ClaimConfirmation';
import { SubmissionFailedNotice } from './SubmissionFailedNotice';
import { AnsweredPageSummary } from './AnsweredPageSummary';
import { LetterToSign } from './LetterToSign';
import { useSendClaim } from './useSendClaim';
import { paths } from '../../paths';
import { StepForm } from '../renderers/StepForm';
import { SyncStatusLine } from '../step/SyncStatusLine';
import { SaveAndComeBackLink } from '../step/SaveAndComeBackLink';
import { useKeptEdits } from '../useKeptEdits';
import '../widgets/signature/signature.css';

interface ReviewAndSignProps {
  /** The registry holding the funnel at the claim's version. */
  registry: FunnelRegistry;
  /** Shown above the answers (the offer of a newer version). */
  notice?: ReactNode;
  funnel: Funnel;
  page: FunnelPage;
  uid: string;
  draft: ClaimDraft;
  backLink: ReactNode;
  heading: ReactNode;
}

/**
 * Check your answers, then sign and send (GOV.UK pattern). Once the claim is submitted the
 * same address shows its reference and status instead, and nothing can be changed.
 */
export function ReviewAndSign({
  registry,
  notice,
  funnel,
  page,
  uid,
  draft,
  backLink,
  heading,
}: ReviewAndSignProps) {
  const sendClaim = useSendClaim(funnel, page, uid);
  const keepEdit = useKeptEdits(funnel.funnelId, uid, page.pageId);
  const wording = claimWording(funnel);
  const path = resolvePath(funnel, draft.answers, registry.evaluateCondition);

  if (draft.status === 'submitted') {
    // A sent claim has its own page (own URL and title "Claim submitted"); the step page
    // hands over to it, so the confirmation is announced as a new page.
    if (draft.claimId) return <Navigate to={paths.claim(funnel.funnelId, draft.claimId)} />;
    return (
      <ClaimConfirmation
        funnel={funnel}
        uid={uid}
        claim={{
          claimId: draft.claimId,
          reference: draft.reference,
          submittedAt: draft.submittedAt,
          withdrawnAt: null,
        }}
        files={filesOfClaim(draft.answers)}
      />
    );
  }

  const answeredPages = path.filter((p) => p.pageId !== page.pageId && p.kind !== 'exit');
  const words = schemaWordsOf(funnel);
  const signSchema = registry.bundlePageSchema(page.schema)!;
  const submitting = draft.submission.state === 'submitting';
  return (
    <div className="narrow">
      {backLink}
      {notice}
      <StepForm
        key={`${funnel.funnelId}/${page.pageId}`}
        // RJSF has a JSON Schema type of its own; the signing page's schema is one.
        schema={signSchema as RJSFSchema}
        // A shared schema's texts in the funnel's words; the schema RJSF validates with stays as written.
        uiSchema={wordingUiSchema(signSchema, words, page.uiSchema) as UiSchema | undefined}
        initialAnswers={draft.typed[page.pageId] ?? draft.answers[page.pageId]}
        onEdit={keepEdit}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        submitLabel={submitting ? wording.submittingButton : wording.submitButton}
        claimantName={claimContactOf(funnel.roles, draft.answers).name ?? undefined}
        busy={submitting}
        onValid={sendClaim}
      >
        {heading}
        {draft.submission.state === 'failed' && (
          <SubmissionFailedNotice failure={draft.submission.failure} />
        )}
        {answeredPages.map((answered) => (
          <AnsweredPageSummary
            key={answered.pageId}
            registry={registry}
            funnelId={funnel.funnelId}
            words={words}
            page={answered}
            answers={draft.answers[answered.pageId]}
            uid={uid}
          />
        ))}
        <h2>{wording.signHeading}</h2>
        {page.letterOfAuthority && (
          <LetterToSign letter={page.letterOfAuthority} claimNoun={wording.claimNoun} />
        )}
      </StepForm>
      <SyncStatusLine funnelId={funnel.funnelId} />
      <SaveAndComeBackLink funnelId={funnel.funnelId} />
    </div>
  );
}
