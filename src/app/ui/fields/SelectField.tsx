import type { ReactNode, SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled drop-down in the GOV.UK pattern, the select twin of TextField. */
export function SelectField({ id, label, children, ...select }: SelectFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}
