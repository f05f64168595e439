import type { FormEvent } from 'react';
import { pagesText } from './pagesText';

/** The visitor's answer to the analytics question, null before they have given one. */
export type AnalyticsChoice = 'yes' | 'no' | null;

/**
 * The cookies page's form: may analytics cookies be used, yes or no (GOV.UK radios), with
 * the error beside the question when it was saved unanswered. The page keeps the state.
 */
export function AnalyticsChoiceForm({
  choice,
  onChoice,
  missing,
  onSave,
}: {
  choice: AnalyticsChoice;
  onChoice: (choice: 'yes' | 'no') => void;
  /** Saved without an answer. */
  missing: boolean;
  onSave: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSave} noValidate>
      <div className={missing ? 'field field--error' : 'field'}>
        <fieldset>
          <legend>{pagesText('cookies.question')}</legend>
          {missing && (
            <p className="field__error" id="analytics-error">
              {pagesText('cookies.missing')}
            </p>
          )}
          <div className="choice">
            <input
              type="radio"
              id="analytics-yes"
              name="analytics"
              value="yes"
              checked={choice === 'yes'}
              onChange={() => onChoice('yes')}
              aria-describedby={missing ? 'analytics-error' : undefined}
            />
            <label htmlFor="analytics-yes">{pagesText('cookies.yes')}</label>
          </div>
          <div className="choice">
            <input
              type="radio"
              id="analytics-no"
              name="analytics"
              value="no"
              checked={choice === 'no'}
              onChange={() => onChoice('no')}
            />
            <label htmlFor="analytics-no">{pagesText('cookies.no')}</label>
          </div>
        </fieldset>
      </div>
      <button type="submit" className="button">
        {pagesText('cookies.save')}
      </button>
    </form>
  );
}
