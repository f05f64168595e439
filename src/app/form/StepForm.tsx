import { useMemo, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldError, PageAnswers, ValidationResult } from '../../runtime/funnel';
import { ErrorSummary } from '../ui/ErrorSummary';
import { fieldOrderOf, toErrorSchema, toSummaryErrors } from './fieldErrors';
import { rjsfValidatorFor } from '../validators';
import { formTemplates } from './templates';
import { formFields, formWidgets } from './widgets';
import type { StepFormContext } from './widgets/LookupWidget';

interface StepFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  initialAnswers: PageAnswers | undefined;
  validate: (answers: PageAnswers) => ValidationResult;
  onValid: (answers: PageAnswers) => void;
  onInvalid?: (errors: FieldError[]) => void;
  /** Every change of the answers, as typed (for keeping them before Continue). */
  onEdit?: (answers: PageAnswers) => void;
  submitLabel: string;
  busy?: boolean;
  children?: ReactNode;
}

/**
 * One page of a funnel, rendered by RJSF from its schema and uiSchema. Validation is the
 * registry's (the code the gateway runs). GOV.UK: nothing is checked until Continue; after
 * a failed Continue, fields are checked again as the claimant corrects them, and the error
 * summary at the top takes focus once per failed Continue, never while they type.
 */
export function StepForm(props: StepFormProps) {
  const {
    schema,
    uiSchema,
    initialAnswers,
    validate,
    onValid,
    onInvalid,
    onEdit,
    submitLabel,
    busy,
    children,
  } = props;
  const [formData, setFormData] = useState<PageAnswers>(initialAnswers ?? {});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const submitted = failedSubmits > 0;

  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);
  // Lookup widgets fill other answers of the page (a found vehicle's make, an address).
  const formContext: StepFormContext = {
    fillAnswers: (filled) => {
      const next = { ...formData, ...filled };
      setFormData(next);
      onEdit?.(next);
      if (submitted) setErrors(validate(next).errors);
    },
  };

  return (
    <>
      <ErrorSummary
        errors={toSummaryErrors(errors, fieldOrderOf(schema, uiSchema))}
        focusKey={failedSubmits}
      />
      {children}
      <Form
        schema={schema}
        uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={formData}
        validator={rjsfValidatorFor(schema)}
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
        onChange={(event) => {
          const data = (event.formData ?? {}) as PageAnswers;
          setFormData(data);
          onEdit?.(data);
          if (submitted) setErrors(validate(data).errors);
        }}
        onSubmit={(event) => {
          const data = (event.formData ?? {}) as PageAnswers;
          const result = validate(data);
          setErrors(result.errors);
          if (result.valid) {
            onValid(data);
            return;
          }
          setFailedSubmits((count) => count + 1);
          onInvalid?.(result.errors);
        }}
      >
        <div className="button-group">
          <button type="submit" className="button" disabled={busy} data-module="continue">
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
