import { useEffect } from 'react';
import type { FileUploading } from '../../../../store/claimActions/evidenceUploads';
import { togetherFormat } from '../../../locale/localeFormats';
import { claimPagesText } from '../../claimPagesText';
import type { FieldHold, StepFormContext } from '../LookupWidget';

const together = togetherFormat();

/**
 * What Continue meets on a file question: a refusal since the last Continue, or files still
 * uploading, told to the step form (holdField) whenever it changes, and taken back when the
 * field goes.
 */
export function useContinueHold(
  holdField: StepFormContext['holdField'],
  errorsKey: string,
  refusal: FieldHold['refusal'] | null,
  waiting: readonly FileUploading[],
) {
  const stillUploading =
    waiting.length > 0
      ? claimPagesText('evidence.stillUploading', {
          count: waiting.length,
          fileNames: together.format(waiting.map((file) => file.name)),
        })
      : undefined;
  useEffect(() => {
    if (!holdField) return;
    holdField(
      errorsKey,
      refusal || stillUploading
        ? {
            ...(refusal ? { refusal } : {}),
            ...(stillUploading ? { waiting: stillUploading } : {}),
          }
        : null,
    );
  }, [holdField, errorsKey, refusal, stillUploading]);
  useEffect(() => () => holdField?.(errorsKey, null), [holdField, errorsKey]);
}
