import { lazy, Suspense } from 'react';
import { claimPagesText } from '../../claimPagesText';
import { FieldErrorMessage } from '../../FieldErrorMessage';

// The drawing code (signature_pad) is only downloaded when a claimant chooses to draw.
const SignaturePadCanvas = lazy(() => import('./SignaturePadCanvas'));

interface DrawnSignatureProps {
  /** The signature field's id: the panel's ids are made from it. */
  fieldId: string;
  /** The canvas's id (`<field>_image`): the error summary links to it. */
  imageId: string;
  image: string | undefined;
  error: string | undefined;
  onDrawn: (image: string | undefined) => void;
}

/**
 * The panel "Draw your signature" reveals: a hint, the image's error and the drawing box,
 * which loads on demand and says so meanwhile.
 */
export function DrawnSignature({ fieldId, imageId, image, error, onDrawn }: DrawnSignatureProps) {
  return (
    <div id={`${fieldId}__drawn`} className={`signature__reveal${error ? ' field--error' : ''}`}>
      <p id={`${imageId}__hint`} className="field__hint">
        {claimPagesText('signature.drawHint')}
      </p>
      <FieldErrorMessage id={`${imageId}__error`} message={error} />
      <Suspense fallback={<p aria-live="polite">{claimPagesText('signature.loadingBox')}</p>}>
        <SignaturePadCanvas
          id={imageId}
          initialImage={image}
          describedBy={
            [`${imageId}__hint`, error && `${imageId}__error`].filter(Boolean).join(' ') ||
            undefined
          }
          label={claimPagesText('signature.box')}
          clearLabel={claimPagesText('signature.clear')}
          onDrawn={onDrawn}
        />
      </Suspense>
    </div>
  );
}
