import type { FieldProps } from '@rjsf/utils';
import { claimPagesText } from '../../claimPagesText';
import type { StepFormContext } from '../LookupWidget';
import type { SignatureValue } from './signatureValue';
import { useKeptSignature } from './useKeptSignature';
import { useSignatureErrors } from './useSignatureErrors';
import { FieldErrorMessage } from '../../FieldErrorMessage';
import { SignatureMethodRadio } from './SignatureMethodRadio';
import { DrawnSignature } from './DrawnSignature';
import { TypedSignature } from './TypedSignature';
import './signature.css';

/** The two ways to sign, in the order their radios show. */
const METHODS = [
  ['drawn', 'signature.draw'],
  ['typed', 'signature.type'],
] as const;

/** The uiSchema's title first, as RJSF's own fields do: a shared schema says it in the funnel's words. */
function signatureTitle({ uiSchema, schema }: FieldProps): string {
  const uiTitle = uiSchema?.['ui:title'];
  return typeof uiTitle === 'string'
    ? uiTitle
    : typeof schema.title === 'string'
      ? schema.title
      : claimPagesText('signature.title');
}

/**
 * A signature, drawn or typed (`"ui:field": "drawOrTypeSignature"` on an object property shaped as in
 * schemas/signature.schema.json). Drawing is a dragging movement, so WCAG 2.2 SC 2.5.7 asks
 * for a single-pointer alternative: typing your full name, chosen with a radio (GOV.UK
 * conditional reveal), which keyboard and switch users can also use. The value is
 * `{method: 'drawn', image}` or `{method: 'typed', name}`, never both, so what is stored is
 * what the claimant chose.
 */
export function SignatureField(props: FieldProps) {
  const { fieldPathId, formData, onChange, onBlur, errorSchema, disabled, readonly } = props;
  const id = fieldPathId.$id;
  // RJSF types formContext as any; StepForm passes a StepFormContext.
  const claimantName = (props.registry.formContext as StepFormContext | undefined)?.claimantName;
  // RJSF types form data as any; the signature schema makes this field's data a SignatureValue.
  const value = (formData ?? {}) as SignatureValue;
  const { choose, drawn, typed } = useKeptSignature(value, claimantName, (next) =>
    onChange(next, fieldPathId.path),
  );

  const ids = { method: `${id}_method`, image: `${id}_image`, name: `${id}_name` };
  const errors = useSignatureErrors(errorSchema, value);
  const groupError = errors.whole ?? errors.method;
  const locked = disabled || readonly;

  return (
    <div
      id={id}
      tabIndex={-1}
      className={`field signature${groupError ? ' field--error' : ''}`}
      data-field={id}
    >
      <fieldset
        aria-describedby={[`${id}__hint`, groupError && `${id}__error`].filter(Boolean).join(' ')}
      >
        <legend>{signatureTitle(props)}</legend>
        <p id={`${id}__hint`} className="field__hint">
          {claimPagesText('signature.hint')}
        </p>
        <FieldErrorMessage id={`${id}__error`} message={groupError} />
        {METHODS.map(([method, label], index) => {
          const radioId = index === 0 ? ids.method : `${ids.method}-${method}`;
          const checked = value.method === method;
          return (
            <div key={method}>
              <SignatureMethodRadio
                id={radioId}
                name={ids.method}
                method={method}
                label={label}
                checked={checked}
                locked={locked}
                onChoose={() => choose(method)}
                onBlur={() => onBlur(ids.method, value)}
              />
              {checked && method === 'drawn' && (
                <DrawnSignature
                  fieldId={id}
                  imageId={ids.image}
                  image={value.image}
                  error={errors.image}
                  onDrawn={drawn}
                />
              )}
              {checked && method === 'typed' && (
                <TypedSignature
                  fieldId={id}
                  nameId={ids.name}
                  name={value.name}
                  error={errors.name}
                  locked={Boolean(locked)}
                  onTyped={typed}
                  onBlur={() => onBlur(ids.name, value.name)}
                />
              )}
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
