import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { moneyInField, parseMoney } from '../../../runtime/claim';
import { describedBy } from '../renderers/describedBy';

/**
 * An amount of money in pounds (`{"type": "string", "format": "money"}`; RJSF picks this
 * widget by the format's name). GOV.UK's prefix pattern: a "£" before the input, hidden from
 * screen readers (the question's label says "in pounds"), a text input asking phones for the
 * decimal keyboard. The answer is kept as typed ("£1,150.50"), so nothing is lost when it is
 * refused; on Continue a valid amount is saved in its stored form ("1150.50", see
 * runtime/claim's money.ts) and anything else is refused naming the field. A saved amount
 * reopens as the claimant would type it ("1,150.50"), not as it is stored.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus } = props;
  const { onChange, options, schema, uiSchema, rawErrors } = props;
  const hasError = (rawErrors?.length ?? 0) > 0;
  // What was typed here stays as typed while it is the answer (or the answer Continue made
  // of it); an answer from elsewhere (a saved claim reopened) shows as it would be typed.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const answer = typeof value === 'string' ? value : '';
  const shown =
    typed !== undefined && (typed === answer || parseMoney(typed) === answer)
      ? typed
      : moneyInField(answer);
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
        value={shown}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy(id, schema, uiSchema, rawErrors)}
        onChange={(event) => {
          setTyped(event.target.value);
          onChange(event.target.value === '' ? options.emptyValue : event.target.value);
        }}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </div>
  );
}
