import { getInputProps } from '@rjsf/utils';
import { formText } from '../formText';
import { describedBy, hintOf } from './describedBy';
import type { BaseInputTemplateProps, FieldTemplateProps } from '@rjsf/utils';

/** Keyboards a question may ask phones for (`"ui:inputMode"`), as HTML names them. */
const INPUT_MODES = new Set(['numeric', 'decimal', 'tel', 'email', 'url', 'text']);

/**
 * What an optional question's label ends with ("(optional)"): a funnel may write it into the
 * label itself, and then it is not said twice. Read from the message, so a translation's mark
 * is found too.
 */
const optionalMark = () => formText('field.optional', { label: '' }).trim();

/**
 * The text input of every text, email, tel and number question. RJSF's default spreads its
 * props onto the input (an invalid `label` attribute among them) and points
 * `aria-describedby` at ids that may not exist; this one names only the hint, help and
 * error the FieldTemplate renders, and is `aria-invalid` exactly while an error shows.
 * RJSF copies formatMinimum/formatMaximum into min/max; a `{"$data": ...}` bound (one field
 * relative to another) would become min="[object Object]", so only literal bounds are kept.
 *
 * A number question (an integer or number schema, or `"ui:inputType": "number"`) is a text
 * input asking for the numeric keyboard, as GOV.UK asks: a number input changes its value
 * when scrolled over and drops what it cannot parse, and some screen readers misread it. The
 * answer is still checked as a number (RJSF turns "2015" into 2015; "20x5" is refused by the
 * schema). `"ui:inputMode"` asks for a keyboard on any text question (digits of an account
 * number).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, onBlur, onFocus } =
    props;
  const { onChange, onChangeOverride, options, schema, uiSchema, rawErrors, type } = props;
  const inputProps = getInputProps(schema, type, options);
  for (const bound of ['min', 'max'] as const) {
    if (typeof inputProps[bound] === 'object') delete inputProps[bound];
  }
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  if (numeric) {
    inputProps.type = 'text';
    // Bounds and steps belong to number inputs; the schema checks them on Continue.
    delete inputProps.min;
    delete inputProps.max;
    delete inputProps.step;
  }
  const askedMode = typeof options.inputMode === 'string' ? options.inputMode : undefined;
  const inputMode =
    askedMode && INPUT_MODES.has(askedMode)
      ? (askedMode as React.HTMLAttributes<HTMLInputElement>['inputMode']) // a mode HTML knows: INPUT_MODES has it
      : numeric
        ? schema.type === 'number'
          ? 'decimal'
          : 'numeric'
        : undefined;
  const inputValue = numeric ? (value || value === 0 ? value : '') : (value ?? '');
  const hasError = (rawErrors?.length ?? 0) > 0;
  return (
    <input
      id={id}
      name={htmlName || id}
      className="form-control"
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      value={inputValue}
      {...inputProps}
      inputMode={inputMode}
      spellCheck={options.spellcheck === false || inputMode ? false : undefined}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
      onChange={
        onChangeOverride ??
        ((event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value))
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

/**
 * RJSF templates in the GOV.UK pattern: label, hint, error message, then the input, with
 * ids that RJSF's inputs already reference in aria-describedby (`<id>__description`,
 * `<id>__error`, `<id>__help`). Optional fields say "(optional)" instead of starring
 * required ones.
 */
export function FieldTemplate(props: FieldTemplateProps) {
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
  // The hint under the label (GOV.UK's): the question's `description`, or the funnel's own
  // `ui:description` for it. Developers' notes on a schema are `$comment`s, never shown.
  const rawDescription = hintOf(schema, uiSchema);
  if (hidden) return <div hidden>{children}</div>;
  // Objects render their own fieldset (ObjectFieldTemplate); booleans label their checkbox.
  if (schema.type === 'object') return children;
  const error = rawErrors?.[0];
  // RJSF types ui schema values as any; ui:width is a width name in our funnels' ui schemas.
  const width = uiSchema?.['ui:width'] as string | undefined;
  // Questions answered with several inputs are a fieldset whose legend is the question.
  const isGroup =
    uiSchema?.['ui:widget'] === 'radio' ||
    uiSchema?.['ui:widget'] === 'checkboxes' ||
    (schema.format === 'date' && uiSchema?.['ui:widget'] === undefined);
  const labelText =
    !required && label && !label.endsWith(optionalMark())
      ? formText('field.optional', { label })
      : label;
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
      <span className="visually-hidden">{formText('field.errorPrefix')}</span> {error}
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
