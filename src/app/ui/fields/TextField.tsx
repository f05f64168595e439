import type { InputHTMLAttributes } from 'react';
import { formsText } from '../formsText';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** Each change of the value; left out for an uncontrolled input read from its form. */
  onValue?: (value: string) => void;
}

/** A labelled input in the GOV.UK pattern: label, hint, error message, then the input. */
export function TextField({ id, label, hint, error, onValue, ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          <span className="visually-hidden">{formsText('field.errorPrefix')}</span> {error}
        </p>
      )}
      <input
        id={id}
        name={id}
        {...input}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        onChange={onValue && ((event) => onValue(event.target.value))}
      />
    </div>
  );
}

/**
 * An email address input as every account form asks for it: the browser's email keyboard
 * and autofill, no spell checking.
 */
export function EmailField({
  label = formsText('emailField.label'),
  ...props
}: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'spellCheck'> & { label?: string }) {
  return (
    <TextField label={label} type="email" autoComplete="email" spellCheck={false} {...props} />
  );
}
