import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { claimPagesText } from '../claimPagesText';
import { formText } from '../formText';
import type { StepFormContext } from './LookupWidget';
import './signature.css';

// The drawing code (signature_pad) is only downloaded when a claimant chooses to draw.
const SignaturePadCanvas = lazy(() => import('./SignaturePadCanvas'));

type Method = 'drawn' | 'typed';

interface SignatureValue {
  method?: Method;
  image?: string;
  name?: string;
}

function errorsAt(errorSchema: ErrorSchema | undefined, key?: string): string | undefined {
  // RJSF's ErrorSchema types a field's entry generically; the signature's parts and their __errors are its keys.
  const node = (
    key ? (errorSchema as Record<string, ErrorSchema> | undefined)?.[key] : errorSchema
  ) as { __errors?: string[] } | undefined;
  return node?.__errors?.[0];
}

function ErrorMessage({ id, message }: { id: string; message: string | undefined }): ReactNode {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{formText('field.errorPrefix')}</span> {message}
    </p>
  );
}

/**
 * A signature, drawn or typed (`"ui:field": "drawOrTypeSignature"` on an object property shaped as in
 * schemas/signature.schema.json). Drawing is a dragging movement, so WCAG 2.2 SC 2.5.7 asks
 * for a single-pointer alternative: typing your full name, chosen with a radio (GOV.UK
 * conditional reveal), which keyboard and switch users can also use. The value is
 * `{method: 'drawn', image}` or `{method: 'typed', name}`, never both, so what is stored is
 * what the claimant chose.
 */
// eslint-disable-next-line max-lines-per-function -- not yet split into its steps
export function SignatureField(props: FieldProps) {
  const { fieldPathId, formData, onChange, onBlur, errorSchema, schema, disabled, readonly } =
    props;
  const id = fieldPathId.$id;
  // RJSF types formContext as any; StepForm passes a StepFormContext.
  const claimantName = (props.registry.formContext as StepFormContext | undefined)?.claimantName;
  // RJSF types form data as any; the signature schema makes this field's data a SignatureValue.
  const value = (formData ?? {}) as SignatureValue;
  // What the claimant drew or typed is kept while they try the other way, so switching back
  // does not lose it.
  const kept = useRef<{ image?: string; name?: string }>({
    image: value.image,
    name: value.name,
  });

  const change = (next: SignatureValue | undefined) => onChange(next, fieldPathId.path);
  const choose = (method: Method) => {
    if (method === 'drawn')
      change({ method, ...(kept.current.image ? { image: kept.current.image } : {}) });
    else {
      // The name the claimant gave earlier in the claim is offered, to check or change.
      const name = kept.current.name ?? claimantName;
      change({ method, ...(name !== undefined ? { name } : {}) });
    }
  };

  const ids = {
    method: `${id}_method`,
    image: `${id}_image`,
    name: `${id}_name`,
  };
  // Errors come from the last Continue and stay until the next one; beside the signature, an
  // error is shown only while the part it is about is as it was when the error came (a fixed
  // part drops its message; the summary at the top stays as it was, so nothing is announced).
  const errorKey = JSON.stringify(errorSchema ?? {});
  const [errorsCameFor, setErrorsCameFor] = useState({ key: errorKey, value });
  if (errorsCameFor.key !== errorKey) setErrorsCameFor({ key: errorKey, value });
  const unchanged = (part: keyof SignatureValue) => errorsCameFor.value[part] === value[part];
  const errors = {
    whole: unchanged('method') ? errorsAt(errorSchema) : undefined,
    method: unchanged('method') ? errorsAt(errorSchema, 'method') : undefined,
    image: unchanged('image') ? errorsAt(errorSchema, 'image') : undefined,
    name: unchanged('name') ? errorsAt(errorSchema, 'name') : undefined,
  };
  const groupError = errors.whole ?? errors.method;
  const locked = disabled || readonly;
  // The uiSchema's title first, as RJSF's own fields do: a shared schema says it in the funnel's words.
  const uiTitle = props.uiSchema?.['ui:title'];
  const title =
    typeof uiTitle === 'string'
      ? uiTitle
      : typeof schema.title === 'string'
        ? schema.title
        : claimPagesText('signature.title');

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
        <legend>{title}</legend>
        <p id={`${id}__hint`} className="field__hint">
          {claimPagesText('signature.hint')}
        </p>
        <ErrorMessage id={`${id}__error`} message={groupError} />
        {(
          [
            ['drawn', 'signature.draw'],
            ['typed', 'signature.type'],
          ] as const
        )
          // eslint-disable-next-line max-lines-per-function -- one choice's radio and its drawing or typing panel; not yet split
          .map(([method, label], index) => {
            const radioId = index === 0 ? ids.method : `${ids.method}-${method}`;
            const checked = value.method === method;
            return (
              <div key={method}>
                <div className="choice">
                  <input
                    type="radio"
                    id={radioId}
                    name={ids.method}
                    value={method}
                    checked={checked}
                    disabled={locked}
                    onChange={() => choose(method)}
                    onBlur={() => onBlur(ids.method, value)}
                  />
                  <label htmlFor={radioId}>{claimPagesText(label)}</label>
                </div>
                {checked && method === 'drawn' && (
                  <div
                    id={`${id}__drawn`}
                    className={`signature__reveal${errors.image ? ' field--error' : ''}`}
                  >
                    <p id={`${ids.image}__hint`} className="field__hint">
                      {claimPagesText('signature.drawHint')}
                    </p>
                    <ErrorMessage id={`${ids.image}__error`} message={errors.image} />
                    <Suspense
                      fallback={<p aria-live="polite">{claimPagesText('signature.loadingBox')}</p>}
                    >
                      <SignaturePadCanvas
                        id={ids.image}
                        initialImage={value.image}
                        describedBy={
                          [`${ids.image}__hint`, errors.image && `${ids.image}__error`]
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        label={claimPagesText('signature.box')}
                        clearLabel={claimPagesText('signature.clear')}
                        onDrawn={(image) => {
                          kept.current.image = image;
                          change({ method: 'drawn', ...(image ? { image } : {}) });
                        }}
                      />
                    </Suspense>
                  </div>
                )}
                {checked && method === 'typed' && (
                  <div
                    id={`${id}__typed`}
                    className={`signature__reveal${errors.name ? ' field--error' : ''}`}
                  >
                    <label htmlFor={ids.name} className="field__label">
                      {claimPagesText('signature.nameLabel')}
                    </label>
                    <p id={`${ids.name}__hint`} className="field__hint">
                      {claimPagesText('signature.nameHint')}
                    </p>
                    <ErrorMessage id={`${ids.name}__error`} message={errors.name} />
                    <input
                      type="text"
                      id={ids.name}
                      className="form-control input--width-20"
                      autoComplete="name"
                      spellCheck={false}
                      maxLength={200}
                      value={value.name ?? ''}
                      disabled={locked}
                      aria-describedby={[`${ids.name}__hint`, errors.name && `${ids.name}__error`]
                        .filter(Boolean)
                        .join(' ')}
                      aria-invalid={errors.name ? true : undefined}
                      onChange={(event) => {
                        kept.current.name = event.target.value;
                        change({ method: 'typed', name: event.target.value });
                      }}
                      onBlur={() => onBlur(ids.name, value.name)}
                    />
                    {value.name?.trim() && (
                      <p className="signature__preview" aria-hidden="true">
                        {value.name}
                      </p>
                    )}
                  </div>
                )}
              </div>
            );
          })}
      </fieldset>
    </div>
  );
}
