import { getDefaultRegistry } from '@rjsf/core';
import type {
  BaseInputTemplateProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  TemplatesType,
} from '@rjsf/utils';

const DefaultBaseInputTemplate = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * RJSF copies formatMinimum/formatMaximum into a date input's min/max; a `{"$data": ...}`
 * bound (one field relative to another) would become min="[object Object]". Such bounds
 * are checked by validation, so the input only gets literal ones.
 */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { formatMinimum, formatMaximum, ...rest } = props.schema;
  const schema = {
    ...rest,
    ...(typeof formatMinimum === 'string' ? { formatMinimum } : {}),
    ...(typeof formatMaximum === 'string' ? { formatMaximum } : {}),
  };
  return <DefaultBaseInputTemplate {...props} schema={schema} />;
}

/**
 * RJSF templates in the GOV.UK pattern: label, hint, error message, then the input, with
 * ids that RJSF's inputs already reference in aria-describedby (`<id>__description`,
 * `<id>__error`, `<id>__help`). Optional fields say "(optional)" instead of starring
 * required ones.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    required,
    displayLabel,
    rawErrors,
    rawHelp,
    children,
    hidden,
    schema,
    uiSchema,
  } = props;
  // Schema descriptions document the data for developers; claimants see the hints the
  // funnel's uiSchema writes for them (`ui:description`, `ui:help`).
  const rawDescription = uiSchema?.['ui:description'] as string | undefined;
  if (hidden) return <div hidden>{children}</div>;
  // Objects render their own fieldset (ObjectFieldTemplate); booleans label their checkbox.
  if (schema.type === 'object') return children;
  const error = rawErrors?.[0];
  const width = uiSchema?.['ui:width'] as string | undefined;
  // Questions answered with several inputs are a fieldset whose legend is the question.
  const isGroup =
    uiSchema?.['ui:widget'] === 'radio' ||
    uiSchema?.['ui:widget'] === 'checkboxes' ||
    (schema.format === 'date' && uiSchema?.['ui:widget'] === undefined);
  const labelText = (
    <>
      {label}
      {!required && label && !/\(optional\)$/.test(label) ? ' (optional)' : ''}
    </>
  );
  const hint = rawDescription ? (
    <p id={`${id}__description`} className="field__hint">
      {rawDescription}
    </p>
  ) : null;
  const help = rawHelp ? (
    <p id={`${id}__help`} className="field__hint">
      {rawHelp}
    </p>
  ) : null;
  const errorMessage = error ? (
    <p id={`${id}__error`} className="field__error">
      <span className="visually-hidden">Error:</span> {error}
    </p>
  ) : null;
  const body = (
    <>
      {displayLabel || isGroup ? hint : null}
      {help}
      {errorMessage}
      <div className={width ? `width-${width}` : undefined}>{children}</div>
    </>
  );
  return (
    <div className={`field${error ? ' field--error' : ''}`} data-field={id}>
      {isGroup ? (
        <fieldset
          aria-describedby={
            [hint && `${id}__description`, help && `${id}__help`, error && `${id}__error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          <legend>{labelText}</legend>
          {body}
        </fieldset>
      ) : (
        <>
          {/* A checkbox is labelled by its own text (CheckboxWidget); a second label would repeat it. */}
          {displayLabel && schema.type !== 'boolean' && (
            <label htmlFor={id} className="field__label">
              {labelText}
            </label>
          )}
          {body}
        </>
      )}
    </div>
  );
}

/** The page itself is the root object (its title is the page heading); nested objects are fieldsets. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, fieldPathId, uiSchema } = props;
  const content = properties
    .filter((p) => !p.hidden)
    .map((p) => <div key={p.name}>{p.content}</div>);
  if (fieldPathId.path.length === 0) return <>{content}</>;
  const help = uiSchema?.['ui:help'] as string | undefined;
  return (
    <fieldset className="field fieldset">
      <legend>{title}</legend>
      {help && <p className="field__hint">{help}</p>}
      {content}
    </fieldset>
  );
}

export const formTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  // Errors are shown in our own summary at the top and beside each field.
  ErrorListTemplate: () => null,
  FieldErrorTemplate: () => null,
  FieldHelpTemplate: () => null,
  DescriptionFieldTemplate: () => null,
};
