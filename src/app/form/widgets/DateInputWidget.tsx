import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { StepFormContext } from './LookupWidget';
import {
  dateValueOf,
  datePartsOf,
  wrongDateParts,
  type DateParts,
} from '../../../runtime/validation';
import { claimPagesText, type ClaimPagesTextKey } from '../claimPagesText';

const PARTS: ReadonlyArray<{ part: keyof DateParts; label: ClaimPagesTextKey; width: string }> = [
  { part: 'day', label: 'date.day', width: '2' },
  { part: 'month', label: 'date.month', width: '2' },
  { part: 'year', label: 'date.year', width: '4' },
];

/**
 * The GOV.UK date input, for every `format: date` question of every funnel: Day, Month and
 * Year as separate numeric text fields, so "15 3 2019" means 15 March 2019 whatever the
 * browser's locale (a native date picker orders its fields by locale). The answer is stored
 * as an ISO date; a missing part is kept in its place so the message can name it. The
 * FieldTemplate wraps the three fields in a fieldset whose legend is the question.
 */
export function DateInputWidget({
  id,
  value,
  onChange,
  disabled,
  readonly,
  rawErrors,
  registry,
}: WidgetProps) {
  // What was typed, as typed ("3", not "03"), until the answer changes from outside.
  const [typed, setTyped] = useState<DateParts>(() => datePartsOf(value));
  const stored = dateValueOf(typed);
  const parts = stored === value || (stored === undefined && !value) ? typed : datePartsOf(value);
  // GOV.UK: only the boxes the error is about are marked (all three when the date is wrong
  // as a whole), judged on the answer as it was when the error came: the error stays until
  // the next Continue while the claimant types their correction.
  const failedSubmits = (registry.formContext as StepFormContext | undefined)?.failedSubmits ?? 0;
  const errorKey = rawErrors?.length ? `${failedSubmits}:${rawErrors.join('\n')}` : '';
  const [errorCameFor, setErrorCameFor] = useState({ key: errorKey, value });
  if (errorCameFor.key !== errorKey) setErrorCameFor({ key: errorKey, value });
  const wrong = new Set(errorKey ? wrongDateParts(errorCameFor.value) : []);

  return (
    <div className="date-input" id={`${id}__date`}>
      {PARTS.map(({ part, label, width }) => {
        // The day field carries the question's id, so the error summary link focuses it.
        const inputId = part === 'day' ? id : `${id}-${part}`;
        return (
          <div className="date-input__item" key={part}>
            <label className="date-input__label" htmlFor={inputId}>
              {claimPagesText(label)}
            </label>
            <input
              id={inputId}
              name={inputId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              value={parts[part]}
              disabled={disabled || readonly}
              className={`form-control date-input__input input--width-${width}${
                wrong.has(part) ? ' date-input__input--error' : ''
              }`}
              aria-invalid={wrong.has(part) || undefined}
              onChange={(event) => {
                const next = { ...parts, [part]: event.target.value };
                setTyped(next);
                onChange(dateValueOf(next));
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
