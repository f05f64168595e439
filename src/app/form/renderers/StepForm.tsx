import { useCallback, useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  isFileQuestion,
  rjsfValidatorKey,
  type FieldError,
  type PageAnswers,
  type ValidationResult,
} from '../../../runtime/funnel';
import { activeLocale, SITE_LOCALE } from '../../locale/siteLocale';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { fieldOrderOf, toErrorSchema, toSummaryErrors } from './fieldErrors';
import { rjsfValidatorFor } from '../../validators/rjsf';
import { formTemplates } from './formTemplates';
import { formFields, formWidgets, FILE_QUESTION_FIELD } from '../widgets';
import type { FieldHold, StepFormContext } from '../widgets/LookupWidget';
import { useStepForm, type StepFormProps, type StepFormState } from './useStepForm';
import { StepFormButtons } from './StepFormButtons';

/** The page's RJSF validators as the claimant reads it: in another language, that language's. */
function validatorKeyOf(schema: object): string {
  const locale = activeLocale();
  // A bundled page schema carries its $id; `object` does not say so, and String() copes with none.
  const schemaId = String((schema as { $id?: unknown }).$id);
  return rjsfValidatorKey(schemaId, locale === SITE_LOCALE ? undefined : locale);
}

/**
 * The page's uiSchema with every file question (`x-evidence`) drawn by the file upload
 * field, as RJSF draws every `format: money` question with the money widget: the funnel
 * names nothing (a `ui:field` it does name is kept).
 */
export function withFileQuestionFields(
  schema: { properties?: Record<string, unknown> },
  uiSchema: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const fileQuestions = Object.entries(schema.properties ?? {}).filter(([, property]) =>
    isFileQuestion(property),
  );
  if (fileQuestions.length === 0) return uiSchema;
  const drawn: Record<string, unknown> = { ...uiSchema };
  for (const [field] of fileQuestions) {
    // A field's ui entry is an object of ui keys (absent: none); it is only spread below.
    const own = (uiSchema?.[field] ?? {}) as Record<string, unknown>;
    drawn[field] = { 'ui:field': FILE_QUESTION_FIELD, ...own };
  }
  return drawn;
}

/**
 * The errors a page shows: those of its last Continue, with a field's refusal since then (a
 * file the gateway or the browser refused) in place of what Continue said of that field.
 */
export function errorsShown(
  errors: FieldError[],
  holds: Readonly<Record<string, FieldHold>>,
  failedSubmits: number,
): FieldError[] {
  const refused = Object.entries(holds).flatMap(([field, hold]) =>
    hold.refusal && hold.refusal.afterFailedSubmits === failedSubmits
      ? [{ field, pointer: `/${field}`, message: hold.refusal.message }]
      : [],
  );
  if (refused.length === 0) return errors;
  const fields = new Set(refused.map((error) => error.field));
  return [...errors.filter((error) => !fields.has(error.field)), ...refused];
}

/** What the fields hold back (StepFormContext.holdField), by field. */
function useFieldHolds() {
  const [holds, setHolds] = useState<Readonly<Record<string, FieldHold>>>({});
  const holdField = useCallback((field: string, hold: FieldHold | null) => {
    setHolds((current) => {
      if (!hold && !(field in current)) return current;
      const { [field]: _previous, ...others } = current;
      return hold ? { ...others, [field]: hold } : others;
    });
  }, []);
  return [holds, holdField] as const;
}

/**
 * One page of a funnel, rendered by RJSF from its schema and uiSchema (pages of plain text
 * questions are drawn by SlimStepForm with the same templates). Validation is the
 * registry's (the code the gateway runs); see useStepForm for when it runs.
 */
export function StepForm(props: StepFormProps) {
  const [holds, holdField] = useFieldHolds();
  // A field still uploading holds Continue back, saying so in place of its other errors.
  const validate = (data: PageAnswers) => withHeldFields(props.validate(data), holds);
  const state = useStepForm({ ...props, validate });
  return <StepFormView {...props} {...state} holds={holds} holdField={holdField} />;
}

/**
 * A page's checks with the fields that hold Continue back whatever their answer (a file
 * still uploading): each says why in place of what the checks say of it, and the page is
 * not valid while one does.
 */
export function withHeldFields(
  result: ValidationResult,
  holds: Readonly<Record<string, FieldHold>>,
): ValidationResult {
  const held: FieldError[] = Object.entries(holds).flatMap(([field, hold]) =>
    hold.waiting ? [{ field, pointer: `/${field}`, message: hold.waiting }] : [],
  );
  if (held.length === 0) return result;
  const fields = new Set(held.map((error) => error.field));
  return {
    ...result,
    valid: false,
    errors: [...result.errors.filter((error) => !fields.has(error.field)), ...held],
  };
}

/** What the fields hold back, and how they say so (StepFormContext.holdField). */
interface FieldHolds {
  holds?: Readonly<Record<string, FieldHold>>;
  holdField?: (field: string, hold: FieldHold | null) => void;
}

const NO_HOLDS: Readonly<Record<string, FieldHold>> = {};

/** The form as RJSF draws it for a given state (SlimStepForm's markup is compared with it). */
export function StepFormView(props: StepFormProps & StepFormState & FieldHolds) {
  const { schema, uiSchema, submitLabel, busy, children } = props;
  const { answers, errors, failedSubmits, change, submit } = props;
  const { holds = NO_HOLDS, holdField } = props;

  const shown = useMemo(
    () => errorsShown(errors, holds, failedSubmits),
    [errors, holds, failedSubmits],
  );
  const extraErrors = useMemo(() => toErrorSchema(shown), [shown]);
  const drawnUiSchema = useMemo(() => withFileQuestionFields(schema, uiSchema), [schema, uiSchema]);
  // Lookup widgets fill other answers of the page (a found vehicle's make, an address).
  const formContext: StepFormContext = {
    fillAnswers: (filled) => change({ ...answers, ...filled }),
    failedSubmits,
    ...(props.claimantName ? { claimantName: props.claimantName } : {}),
    ...(holdField ? { holdField } : {}),
  };
  // RJSF has a JSON Schema type of its own; a page schema is one (the funnel checks compiled it).
  const rjsfSchema = schema as RJSFSchema;
  // RJSF types form data as any; a form drawn from the page schema holds that page's answers.
  const answersOf = (formData: unknown) => (formData ?? {}) as PageAnswers;

  return (
    <>
      <ErrorSummary
        errors={toSummaryErrors(shown, fieldOrderOf(schema, uiSchema))}
        focusKey={failedSubmits}
      />
      {children}
      <Form
        schema={rjsfSchema}
        // The page's ui schema with file questions added: a plain record of RJSF ui keys.
        uiSchema={{ ...(drawnUiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
        formData={answers}
        validator={rjsfValidatorFor(rjsfSchema, validatorKeyOf(schema))}
        templates={formTemplates}
        widgets={formWidgets}
        formContext={formContext}
        fields={formFields}
        noValidate
        noHtml5Validate
        // GOV.UK: never pre-select an answer for the claimant (RJSF would default to a `const`).
        experimental_defaultFormStateBehavior={{
          constAsDefaults: 'never',
          emptyObjectFields: 'skipDefaults',
        }}
        showErrorList={false}
        extraErrors={extraErrors}
        onChange={(event) => change(answersOf(event.formData))}
        onSubmit={(event) => submit(answersOf(event.formData))}
      >
        <StepFormButtons submitLabel={submitLabel} busy={busy} />
      </Form>
    </>
  );
}
