import { useCallback, useRef, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { useAppSelector } from '../../../../store/hooks';
import { selectAuthUser } from '../../../../store/slices/authSlice';
import { claimPagesText } from '../../claimPagesText';
import type { StepFormContext } from '../LookupWidget';
import { choiceOf, limitsOf } from './fileQuestionLimits';
import { fileQuestionWords } from './fileQuestionWords';
import { usePagePlace } from './usePagePlace';
import { useAnswerFiles } from './useAnswerFiles';
import { useQuestionUploads } from './useQuestionUploads';
import { useContinueHold } from './useContinueHold';
import { FileQuestionLabels } from './FileQuestionLabels';
import { EvidenceDropZone } from './EvidenceDropZone';
import { EvidenceFileList } from './EvidenceFileList';
import './evidence.css';

/**
 * A file question (`"type": "array"` of stored files with `x-evidence`; RJSF draws it for
 * every such property, see StepForm's withFileQuestionFields). GOV.UK's file upload, for
 * several files: a drop zone with a real file input, then the question's files
 * (EvidenceFileList).
 *
 * A chosen file is refused at once when it is empty, of a kind the question does not take
 * or too big; otherwise it is kept in this browser and uploaded (store/evidenceUploads), and
 * goes on the answer the moment the gateway has checked it: the answer holds only finished
 * files. The browser's and the gateway's refusals show beside the field and in the error
 * summary; Continue, while a file is still uploading, says so there instead of moving on. A
 * live region says "photo.jpg uploaded" and "photo.jpg removed" (a refusal is said by the
 * error summary, a live region too, so once).
 */
export function EvidenceField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema } = props;
  const id = fieldPathId.$id;
  const field = String(fieldPathId.path[fieldPathId.path.length - 1] ?? '');
  // RJSF types formContext as any; StepForm passes a StepFormContext.
  const context = props.registry.formContext as StepFormContext | undefined;
  const { funnelId, pageId } = usePagePlace();
  const uid = useAppSelector(selectAuthUser)?.uid ?? null;
  // RJSF's schema type has no index signature; x-evidence is read as unknown by limitsOf.
  const limits = limitsOf(schema as Record<string, unknown>);
  const locked = Boolean(props.disabled || props.readonly);
  const input = useRef<HTMLInputElement>(null);
  const { files, latest, setFiles } = useAnswerFiles(formData, onChange, fieldPathId.path);

  const [announcement, setAnnouncement] = useState('');
  const [refusal, setRefusal] = useState<{ message: string; afterFailedSubmits: number } | null>(
    null,
  );
  const failedSubmits = context?.failedSubmits ?? 0;
  const refuse = useCallback(
    (message: string | null) =>
      setRefusal(message ? { message, afterFailedSubmits: failedSubmits } : null),
    [failedSubmits],
  );

  const { uploads, waiting, add } = useQuestionUploads(
    { uid, funnelId, pageId, field },
    {
      finished: (file) => {
        setFiles([...latest.current.filter((each) => each.fileId !== file.fileId), file]);
        setAnnouncement(claimPagesText('evidence.announceUploaded', { fileName: file.name }));
      },
      refused: (message) => refuse(message),
    },
  );
  useContinueHold(context?.holdField, fieldPathId.path.join('.'), refusal, waiting);

  const choose = (chosen: File[]) => {
    if (chosen.length === 0) return;
    setAnnouncement('');
    const held = latest.current.length + waiting.length;
    const { refusal: refused, accepted } = choiceOf(chosen, limits, held);
    refuse(refused);
    if (accepted.length > 0) add(accepted);
  };

  const removed = (name: string) => {
    setAnnouncement(claimPagesText('evidence.announceRemoved', { fileName: name }));
    // Focus goes back to the question, not to the page's start.
    input.current?.focus();
  };

  const words = fileQuestionWords(props, limits);

  return (
    <div className={`field evidence${words.error ? ' field--error' : ''}`} data-field={id}>
      <FileQuestionLabels id={id} words={words} />
      <EvidenceDropZone
        id={id}
        inputRef={input}
        accept={limits.accept}
        many={limits.maxFiles > 1}
        locked={locked}
        describedBy={words.describedBy}
        invalid={Boolean(words.error)}
        onChoose={choose}
      />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <EvidenceFileList
        files={files}
        waiting={waiting}
        locked={locked}
        onRemove={(file) => {
          setFiles(latest.current.filter((each) => each.fileId !== file.fileId));
          uploads?.remove(file);
          removed(file.name);
        }}
        onCancel={(file) => {
          void uploads?.cancel(file.id);
          removed(file.name);
        }}
      />
    </div>
  );
}
