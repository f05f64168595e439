import { useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldError, PageAnswers, ValidationResult } from '../../runtime/funnel';
import { ErrorSummary } from '../ui/ErrorSummary';
import { fieldIdOf, toErrorSchema, toSummaryErrors } from './fieldErrors';
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
  submitLabel: string;
  busy?: boolean;
  children?: ReactNode;
}

/**
 * One page of a funnel, rendered by RJSF from its schema and uiSchema. Validation is the
 * registry's (the code the gateway runs), on Continue and, once a field was touched, on
 * blur; errors show in a summary at the top and beside each field.
 */
export function StepForm(props: StepFormProps) {
  const {
    schema,
    uiSchema,
    initialAnswers,
    validate,
    onValid,
    onInvalid,
    submitLabel,
    busy,
    children,
  } = props;
  const [formData, setFormData] = useState<PageAnswers>(initialAnswers ?? {});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [summary, setSummary] = useState<FieldError[]>([]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // Set while a button of the form (Continue, Find address…) is being pressed: a blur error
  // shown in that moment would push the button away from under the pointer and lose the click.
  const pressingButton = useRef(false);
  function onPointerDownCapture(event: PointerEvent<HTMLDivElement>) {
    if (!(event.target instanceof Element) || !event.target.closest('button')) return;
    pressingButton.current = true;
    // A press that never becomes a click (dragged away) must not silence blur checks for long.
    window.setTimeout(() => {
      pressingButton.current = false;
    }, 1000);
  }

  const shown = useMemo(
    () => (submitted ? errors : errors.filter((error) => touched.has(fieldIdOf(error.field)))),
    [errors, submitted, touched],
  );
  const extraErrors = useMemo(() => toErrorSchema(shown), [shown]);
  // Lookup widgets fill other answers of the page (a found vehicle's make, an address).
  const formContext: StepFormContext = {
    fillAnswers: (filled) => setFormData((current) => ({ ...current, ...filled })),
  };

  function revalidate(data: PageAnswers, touchedNow: ReadonlySet<string>) {
    const result = validate(data);
    setErrors(result.errors);
    if (submitted || touchedNow.size > 0)
      setSummary((current) => (current.length > 0 ? result.errors : current));
  }

  return (
    <>
      <ErrorSummary errors={toSummaryErrors(summary)} />
      {children}
      <div onPointerDownCapture={onPointerDownCapture}>
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
            if (submitted) revalidate(data, touched);
          }}
          onBlur={(id) => {
            if (pressingButton.current) return;
            const next = new Set(touched).add(id);
            setTouched(next);
            const result = validate(formData);
            setErrors(result.errors);
          }}
          onSubmit={(event) => {
            pressingButton.current = false;
            const data = (event.formData ?? {}) as PageAnswers;
            const result = validate(data);
            setSubmitted(true);
            setErrors(result.errors);
            setSummary(result.errors);
            if (result.valid) onValid(data);
            else onInvalid?.(result.errors);
          }}
        >
          <div className="button-group">
            <button type="submit" className="button" disabled={busy} data-module="continue">
              {submitLabel}
            </button>
          </div>
        </Form>
      </div>
    </>
  );
}
