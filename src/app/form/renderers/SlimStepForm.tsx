import type { BaseInputTemplateProps, FieldTemplateProps } from '@rjsf/utils';
import type { JsonSchemaObject, PageAnswers } from '../../../runtime/funnel';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { fieldIdOf, fieldOrderOf, toSummaryErrors } from './fieldErrors';
import { BaseInputTemplate, FieldTemplate } from './templates';
import { StepFormButtons } from './StepFormButtons';
import { useStepForm, type StepFormProps, type StepFormState } from './useStepForm';

interface SlimStepFormProps extends StepFormProps {
  /** The page's questions, from slimFormSupport (which decides that this renderer may draw it). */
  fields: Record<string, JsonSchemaObject>;
}

type FieldUiSchema = Record<string, string> | undefined;

/** A uiSchema's options as RJSF's getUiOptions gives them: `ui:help` becomes `help`. */
function optionsOf(uiSchema: FieldUiSchema): Record<string, string> {
  return Object.fromEntries(
    Object.entries(uiSchema ?? {}).map(([key, value]) => [key.replace(/^ui:/, ''), value]),
  );
}

/**
 * A page of plain text questions (slimFormSupport), drawn without RJSF: the same
 * FieldTemplate and BaseInputTemplate RJSF is given, with the props RJSF would pass them, so
 * the markup is RJSF's (tests/unit/app/slimStepForm.test.tsx renders every such page both ways
 * and compares). The first page of every funnel is one, so a claimant's first question needs
 * none of RJSF's code; every other page is RJSF's.
 */
export function SlimStepForm(props: SlimStepFormProps) {
  return <SlimStepFormView {...props} {...useStepForm(props)} />;
}

/** The slim form for a given state. */
export function SlimStepFormView(props: SlimStepFormProps & StepFormState) {
  const { schema, uiSchema, fields, submitLabel, busy, children } = props;
  const { answers, errors, failedSubmits, change, submit } = props;
  // Array.isArray checked it is a list; the meta-schema makes `required` a list of names.
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const order = fieldOrderOf(schema, uiSchema).filter((name) => name in fields);
  const errorsOf = (name: string) =>
    errors.filter((error) => error.field === name).map((error) => error.message);

  return (
    <>
      <ErrorSummary errors={toSummaryErrors(errors, order)} focusKey={failedSubmits} />
      {children}
      <form
        className="rjsf"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(answers);
        }}
      >
        {order.map((name) => {
          const fieldSchema = fields[name]!;
          // A page's ui schema is loose JSON; FieldUiSchema names the optional keys read from a field's entry, each checked where read.
          const fieldUi = uiSchema?.[name] as FieldUiSchema;
          const options = optionsOf(fieldUi);
          const id = fieldIdOf(name);
          const rawErrors = errorsOf(name);
          // RJSF's errors are undefined, not empty, for a field without any.
          const shownErrors = rawErrors.length > 0 ? [...new Set(rawErrors)] : undefined;
          const onChange = (value: string | undefined) =>
            // A computed key widens the spread to a string index; a text field's answer is a string or absent.
            change({ ...answers, [name]: value } as PageAnswers);
          // RJSF's template props, as far as its templates read them (not a whole form's registry).
          const inputProps = {
            id,
            value: answers[name],
            readonly: false,
            disabled: false,
            autofocus: false,
            placeholder: options.placeholder ?? '',
            options,
            schema: fieldSchema,
            uiSchema: fieldUi,
            rawErrors: shownErrors,
            // RJSF's EmailWidget; its TextWidget passes no type.
            type:
              fieldUi?.['ui:widget'] === 'email' || fieldSchema.format === 'email'
                ? 'email'
                : undefined,
            onChange,
            onBlur: () => undefined,
            onFocus: () => undefined,
          } as unknown as BaseInputTemplateProps;
          // RJSF's field template props, as far as the template reads them.
          const templateProps = {
            id,
            // JSON Schema's `title` is typed loosely here; the meta-schema makes it a string.
            label: options.title ?? (fieldSchema.title as string | undefined) ?? name,
            required: required.has(name),
            displayLabel: true,
            hidden: false,
            rawErrors: shownErrors,
            rawHelp: options.help,
            schema: fieldSchema,
            uiSchema: fieldUi,
            children: <BaseInputTemplate {...inputProps} />,
          } as unknown as FieldTemplateProps;
          return (
            <div key={name}>
              <FieldTemplate {...templateProps} />
            </div>
          );
        })}
        <StepFormButtons submitLabel={submitLabel} busy={busy} />
      </form>
    </>
  );
}
