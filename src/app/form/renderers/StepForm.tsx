import { useMemo } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { rjsfValidatorKey, type PageAnswers } from '../../../runtime/funnel';
import { activeLocale, SITE_LOCALE } from '../../locale/siteLocale';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { fieldOrderOf, toErrorSchema, toSummaryErrors } from './fieldErrors';
import { rjsfValidatorFor } from '../../validators/rjsf';
import { formTemplates } from './formTemplates';
import { formFields, formWidgets } from '../widgets';
import type { StepFormContext } from '../widgets/LookupWidget';
import { useStepForm, type StepFormProps, type StepFormState } from './useStepForm';
import { StepFormButtons } from './StepFormButtons';

/** The page's RJSF validators as the claimant reads it: in another language, that language's. */
function validatorKeyOf(schema: object): string {
  const locale = activeLocale();
  const schemaId = String((schema as { $id?: unknown }).$id);
  return rjsfValidatorKey(schemaId, locale === SITE_LOCALE ? undefined : locale);
}

/**
 * One page of a funnel, rendered by RJSF from its schema and uiSchema (pages of plain text
 * questions are drawn by SlimStepForm with the same templates). Validation is the
 * registry's (the code the gateway runs); see useStepForm for when it runs.
 */
export function StepForm(props: StepFormProps) {
  return <StepFormView {...props} {...useStepForm(props)} />;
}

/** The form as RJSF draws it for a given state (SlimStepForm's markup is compared with it). */
export function StepFormView(props: StepFormProps & StepFormState) {
  const { schema, uiSchema, submitLabel, busy, children } = props;
  const { answers, errors, failedSubmits, change, submit } = props;

  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);
  // Lookup widgets fill other answers of the page (a found vehicle's make, an address).
  const formContext: StepFormContext = {
    fillAnswers: (filled) => change({ ...answers, ...filled }),
    failedSubmits,
    ...(props.claimantName ? { claimantName: props.claimantName } : {}),
  };

  return (
    <>
      <ErrorSummary
        errors={toSummaryErrors(errors, fieldOrderOf(schema, uiSchema))}
        focusKey={failedSubmits}
      />
      {children}
      <Form
        schema={schema as RJSFSchema}
        uiSchema={{ ...(uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
        formData={answers}
        validator={rjsfValidatorFor(schema as RJSFSchema, validatorKeyOf(schema))}
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
        onChange={(event) => change((event.formData ?? {}) as PageAnswers)}
        onSubmit={(event) => submit((event.formData ?? {}) as PageAnswers)}
      >
        <StepFormButtons submitLabel={submitLabel} busy={busy} />
      </Form>
    </>
  );
}
