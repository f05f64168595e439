import { claimPagesText } from '../../claimPagesText';
import { FieldErrorMessage } from '../../FieldErrorMessage';

interface TypedSignatureProps {
  /** The signature field's id: the panel's id is made from it. */
  fieldId: string;
  /** The name input's id (`<field>_name`): the label and the error summary point at it. */
  nameId: string;
  name: string | undefined;
  error: string | undefined;
  locked: boolean;
  onTyped: (name: string) => void;
  onBlur: () => void;
}

/**
 * The panel "Type your name" reveals: the full name, with its hint and error, and the name
 * as it will read on the letter (for sighted readers only: the input already says it).
 */
export function TypedSignature({
  fieldId,
  nameId,
  name,
  error,
  locked,
  onTyped,
  onBlur,
}: TypedSignatureProps) {
  return (
    <div id={`${fieldId}__typed`} className={`signature__reveal${error ? ' field--error' : ''}`}>
      <label htmlFor={nameId} className="field__label">
        {claimPagesText('signature.nameLabel')}
      </label>
      <p id={`${nameId}__hint`} className="field__hint">
        {claimPagesText('signature.nameHint')}
      </p>
      <FieldErrorMessage id={`${nameId}__error`} message={error} />
      <input
        type="text"
        id={nameId}
        className="form-control input--width-20"
        autoComplete="name"
        spellCheck={false}
        maxLength={200}
        value={name ?? ''}
        disabled={locked}
        aria-describedby={[`${nameId}__hint`, error && `${nameId}__error`]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onTyped(event.target.value)}
        onBlur={onBlur}
      />
      {name?.trim() && (
        <p className="signature__preview" aria-hidden="true">
          {name}
        </p>
      )}
    </div>
  );
}
