import type { FieldProps } from '@rjsf/utils';
import { onDemand, onDemandStateText } from '../../onDemand';
import { claimPagesText } from '../../claimPagesText';

/**
 * The file upload field, fetched only by a page that asks for files: its code (the drop zone,
 * the uploads, IndexedDB and the chunked sender) is no other page's. Until it has loaded the
 * question's title shows, with a line saying it is loading.
 */
export const evidenceField = onDemand<FieldProps>(
  () => import('./EvidenceField').then((module) => module.EvidenceField),
  (props, state) => (
    <div className="field" data-field={props.fieldPathId.$id}>
      {typeof props.schema.title === 'string' && (
        <p className="field__label">{props.schema.title}</p>
      )}
      <p className="field__hint" aria-live="polite">
        {state === 'loading' ? claimPagesText('evidence.loading') : onDemandStateText(state)}
      </p>
    </div>
  ),
);
