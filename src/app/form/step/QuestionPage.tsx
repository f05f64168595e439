import { useMemo, type ReactNode } from 'react';
import {
  slimFormSupport,
  wordingUiSchema,
  type Funnel,
  type FunnelPage,
  type FunnelRegistry,
  type JsonSchemaObject,
} from '../../../runtime/funnel';
import { stepValidationFailed } from '../../../store/funnelEvents';
import { useAppDispatch } from '../../../store/hooks';
import { stepForm } from '../formsOnDemand';
import { formText } from '../formText';
import { schemaWordsOf } from '../funnelSchemaWordsText';
import { ResumeNotice } from './ResumeNotice';
import { SaveAndComeBackLink } from './SaveAndComeBackLink';
import { SlimStepForm } from '../renderers/SlimStepForm';
import { SyncStatusLine } from './SyncStatusLine';
import { typedNotYetKept, useKeptEdits } from '../useKeptEdits';
import type { StepFormProps } from '../renderers/useStepForm';
import type { StepState } from './continue/useStepContinue';

/**
 * A page of questions: what the claimant typed here and has not continued yet comes first,
 * then the page as continued, then what they told us in an earlier claim (theirs to
 * confirm, never invented).
 */
export function QuestionPage({
  registry,
  funnel,
  page,
  uid,
  step,
  backLink,
  heading,
  notice,
}: {
  registry: FunnelRegistry;
  funnel: Funnel;
  page: FunnelPage;
  uid: string | null;
  step: StepState;
  backLink: ReactNode;
  heading: ReactNode;
  notice?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const keepEdit = useKeptEdits(funnel.funnelId, uid, page.pageId);
  const { ready, draft, answers } = step;
  const schema = registry.bundlePageSchema(page.schema)!;
  const known = ready ? draft?.knownAnswers[page.schema] : undefined;
  const typed = step.typedShown?.[page.pageId];
  const prefilled = !answers[page.pageId] && !!known && !step.typedBeforeReady;
  const slim = slimFormSupport(schema, page.uiSchema);
  // A shared schema's texts in the funnel's words; the schema RJSF validates with stays as written.
  const uiSchema = useMemo(
    () =>
      wordingUiSchema(
        schema,
        schemaWordsOf(funnel),
        // A funnel page's ui schema is a JSON object (the funnel schema says so); the funnel type leaves it loose.
        page.uiSchema as Record<string, unknown> | undefined,
      ),
    [schema, funnel, page.uiSchema],
  );
  return (
    // The renderer is named for hydration: a prerendered RJSF page waits for RJSF (src/main.tsx).
    <div className="narrow" data-form-renderer={slim.slim ? 'slim' : 'rjsf'}>
      {backLink}
      {notice}
      <ResumeNotice funnel={funnel} page={page} step={step} />
      <StepFormOf
        key={`${funnel.funnelId}/${page.pageId}`}
        slimFields={slim.slim ? slim.fields : undefined}
        schema={schema}
        uiSchema={uiSchema}
        initialAnswers={
          typedNotYetKept(funnel.funnelId, page.pageId) ?? typed ?? answers[page.pageId] ?? known
        }
        // The first page shows before its claim has loaded; the claim's answers fill it then.
        fillUntouched={step.fillFromClaim}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        onEdit={(edited) => {
          if (!ready) step.markTypedBeforeReady();
          keepEdit(edited);
        }}
        submitLabel={formText('step.continue')}
        busy={step.waitingToContinue}
        onInvalid={(errors) =>
          dispatch(stepValidationFailed({ funnelId: funnel.funnelId, pageId: page.pageId, errors }))
        }
        onValid={step.continueWith}
      >
        {heading}
        {prefilled && (
          <div className="notice" data-testid="prefilled-notice">
            <p>{formText('step.prefilled')}</p>
          </div>
        )}
      </StepFormOf>
      {step.waitingToContinue && (
        <p className="sync-status" aria-live="polite">
          {formText('step.waitingToContinue')}
        </p>
      )}
      <SyncStatusLine funnelId={funnel.funnelId} />
      <SaveAndComeBackLink funnelId={funnel.funnelId} />
    </div>
  );
}

/** The slim renderer where slimFormSupport allows it, RJSF (fetched when idle) elsewhere. */
function StepFormOf({
  slimFields,
  ...props
}: StepFormProps & { slimFields: Record<string, JsonSchemaObject> | undefined }) {
  return slimFields ? (
    <SlimStepForm {...props} fields={slimFields} />
  ) : (
    <stepForm.Component {...props} />
  );
}
