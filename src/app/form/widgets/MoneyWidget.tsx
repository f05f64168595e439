import type { WidgetProps } from '@rjsf/utils';
import { describedBy } from '../renderers/describedBy';

/**
 * An amount of money in pounds (`{"type": "string", "format": "money"}`; RJSF picks this
 * widget by the format's name). GOV.UK's prefix pattern: a "£" before the input, hidden from
 * screen readers (the question's label says "in pounds"), a text input asking phones for the
 * decimal keyboard. The answer is kept as typed ("£1,150.50"), so nothing is lost when it is
 * refused; on Continue a valid amount is saved in its stored form ("1150.50", see
 * runtime/claim's money.ts) and anything else is refused naming the field.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus } = props;
  const { onChange, options, uiSchema, rawErrors } = props;
  const hasError = (rawErrors?.length ?? 0) > 0;
  return (
    <div className="input-prefixed">
      <span className="input-prefixed__prefix" aria-hidden="true">
        £
      </span>
      <input
        id={id}
        name={htmlName || id}
        type="text"
        className="form-control"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, uiSchema, rawErrors)}
        onChange={(event) =>
          onChange(event.target.value === '' ? options.emptyValue : event.target.value)
        }
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </div>
  );
}
