import type { WidgetProps } from '@rjsf/utils';
import { hintOf } from '../renderers/describedBy';

/**
 * GOV.UK radios: one native radio per option, inside the question's fieldset (the
 * FieldTemplate's, whose legend is the question and which points at the hint and error), so
 * a screen reader hears one named group. RJSF's own widget adds a second, unnamed
 * `radiogroup` inside it. The first radio carries the question's id (`root_x-0` and so on
 * for the others, as RJSF names them), so an error summary link lands on it.
 */
export function RadioWidget({
  id,
  options,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
}: WidgetProps) {
  const choices = options.enumOptions ?? [];
  return (
    <div className="choices">
      {choices.map((choice, index) => {
        const inputId = `${id}-${index}`;
        return (
          <div className="choice" key={inputId}>
            <input
              type="radio"
              id={inputId}
              name={id}
              value={String(index)}
              checked={value === choice.value}
              disabled={disabled || readonly}
              onChange={() => onChange(choice.value)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <label htmlFor={inputId}>{choice.label}</label>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A single GOV.UK checkbox (a declaration): labelled by its own text, with its hint (the
 * question's `description` or `ui:description`) under that text as GOV.UK places it, pointing
 * at its hint and at its error only when there is one, and never marked invalid before the
 * claimant has been told why. The FieldTemplate draws no label or hint for it.
 */
export function CheckboxWidget({
  id,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  rawErrors,
  schema,
  uiSchema,
}: WidgetProps) {
  const hasError = (rawErrors?.length ?? 0) > 0;
  const hint = hintOf(schema, uiSchema);
  const described = [hint && `${id}__description`, hasError && `${id}__error`].filter(Boolean);
  const labelled = <label htmlFor={id}>{label}</label>;
  return (
    <div className="choice">
      <input
        type="checkbox"
        id={id}
        name={id}
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={hasError || undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {hint ? (
        <div>
          {labelled}
          <p id={`${id}__description`} className="field__hint choice__hint">
            {hint}
          </p>
        </div>
      ) : (
        labelled
      )}
    </div>
  );
}
