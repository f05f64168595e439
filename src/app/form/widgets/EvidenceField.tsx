import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
} from 'react';
import type { FieldProps } from '@rjsf/utils';
import { matchPath, useLocation, useParams } from 'react-router-dom';
import {
  acceptAttribute,
  BYTES_PER_MB,
  EVIDENCE_KINDS,
  EVIDENCE_KIND_NAMES,
  fileSizeInWords,
  kindOfName,
  kindsInWords,
  type EvidenceFile,
  type EvidenceKind,
} from '../../../runtime/contract';
import { filesOfAnswer } from '../../../runtime/funnel';
import {
  questionUploads,
  type FileUploading,
  type UploadOutcomes,
  type UploadState,
} from '../../../store/claimActions/evidenceUploads';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from '../../builtInFunnel';
import { routePatterns } from '../../paths';
import { MessageSentence } from '../../ui/MessageSentence';
import { togetherFormat } from '../../locale/localeFormats';
import { claimPagesText } from '../claimPagesText';
import { formText } from '../formText';
import type { StepFormContext } from './LookupWidget';
import './evidence.css';

/** A file question's limits, from its schema (`x-evidence`, `maxItems`, `minItems`). */
interface FileQuestionLimits {
  accept: EvidenceKind[];
  maxFileMB: number;
  maxFiles: number;
}

export function limitsOf(schema: Record<string, unknown>): FileQuestionLimits {
  // x-evidence is an object (the evidence keyword check makes sure); its fields are checked below.
  const spec = (schema['x-evidence'] ?? {}) as { accept?: unknown; maxFileMB?: unknown };
  const accept = Array.isArray(spec.accept)
    ? spec.accept.filter((kind): kind is EvidenceKind => EVIDENCE_KIND_NAMES.includes(kind))
    : [];
  return {
    accept,
    maxFileMB: typeof spec.maxFileMB === 'number' ? spec.maxFileMB : 0,
    maxFiles: typeof schema.maxItems === 'number' ? schema.maxItems : 1,
  };
}

const kindsSaid = (limits: FileQuestionLimits) =>
  kindsInWords(limits.accept, claimPagesText('evidence.kindsOr'));

/** The kind a chosen file says it is: by its name, else by the type the browser gives it. */
function kindClaimed(file: File): EvidenceKind | null {
  return (
    kindOfName(file.name) ??
    EVIDENCE_KIND_NAMES.find((kind) => EVIDENCE_KINDS[kind].mediaType === file.type) ??
    null
  );
}

/**
 * Why the browser refuses a chosen file before sending it, in GOV.UK's words, or null. Only
 * to spare the claimant a wait: the gateway decides by the bytes it stored.
 */
export function refusalOf(file: File, limits: FileQuestionLimits): string | null {
  if (file.size === 0) return claimPagesText('evidence.empty');
  const kind = kindClaimed(file);
  if (!kind || !limits.accept.includes(kind)) {
    return claimPagesText('evidence.wrongKind', { kinds: kindsSaid(limits) });
  }
  if (file.size > limits.maxFileMB * BYTES_PER_MB) {
    return claimPagesText('evidence.tooBig', { maxMB: limits.maxFileMB });
  }
  return null;
}

/**
 * The funnel and page the question is on, read from the address as FormStepRoute reads it
 * (`/form/<funnelId>/<pageId>/…`, or the built-in funnel's `/form/<step>/…`): the question
 * page passes nothing down for it, as every first page would carry that for no file.
 */
function usePagePlace(): { funnelId: string; pageId: string } {
  const params = useParams();
  const { pathname } = useLocation();
  if (params.funnelId && params.pageId) {
    return { funnelId: params.funnelId, pageId: params.pageId };
  }
  const step = BUILT_IN_STEPS.find((each) => matchPath(routePatterns.builtInStep(each), pathname));
  return { funnelId: BUILT_IN_FUNNEL_ID, pageId: step ?? '' };
}

const noUploads: readonly FileUploading[] = [];
const subscribeToNothing = () => () => {};
const nothingUploading = () => noUploads;
const together = togetherFormat();

/** A waiting file's state in words. */
function stateInWords(state: UploadState): string {
  switch (state) {
    case 'uploading':
      return claimPagesText('evidence.uploading');
    case 'offline':
      return claimPagesText('evidence.offline');
    case 'retrying':
      return claimPagesText('evidence.retrying');
    default:
      return claimPagesText('evidence.queued');
  }
}

/** "Remove" with the file's name said to screen readers only (GOV.UK's summary list actions). */
function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button type="button" className="button button--secondary evidence__remove" onClick={onRemove}>
      <MessageSentence
        say={claimPagesText}
        message="evidence.remove"
        slots={{ fileName: <span className="visually-hidden">{name}</span> }}
      />
    </button>
  );
}

/**
 * A file question (`"type": "array"` of stored files with `x-evidence`; RJSF draws it for
 * every such property, see StepForm's withFileQuestionFields). GOV.UK's file upload, for
 * several files: a drop zone with a real file input ("Choose file", `accept` from the
 * question's kinds, `multiple` when it takes more than one), then the question's files, each
 * with its name and size, a progress bar while it uploads, its state in words and "Remove".
 *
 * A chosen file is refused at once when it is empty, of a kind the question does not take
 * or too big; otherwise it is kept in this browser and uploaded (store/evidenceUploads), and
 * goes on the answer the moment the gateway has checked it: the answer holds only finished
 * files. The browser's and the gateway's refusals show beside the field and in the error
 * summary; Continue, while a file is still uploading, says so there instead of moving on. A
 * live region says "photo.jpg uploaded" and "photo.jpg removed" (a refusal is said by the
 * error summary, a live region too, so once).
 */
// eslint-disable-next-line max-lines-per-function -- not yet split into its steps
export function EvidenceField(props: FieldProps) {
  const { fieldPathId, formData, onChange, errorSchema, schema, uiSchema, required } = props;
  const id = fieldPathId.$id;
  const field = String(fieldPathId.path[fieldPathId.path.length - 1] ?? '');
  const errorsKey = fieldPathId.path.join('.');
  // RJSF types formContext as any; StepForm passes a StepFormContext.
  const context = props.registry.formContext as StepFormContext | undefined;
  const { funnelId, pageId } = usePagePlace();
  const uid = useAppSelector(selectAuthUser)?.uid ?? null;
  // RJSF's schema type has no index signature; x-evidence is read as unknown by limitsOf.
  const limits = limitsOf(schema as Record<string, unknown>);
  const locked = Boolean(props.disabled || props.readonly);
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);

  // The answer: finished files only. Read through a ref, as two files may finish before the
  // page draws again.
  const files = filesOfAnswer(formData);
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = filesOfAnswer(formData);
  }, [formData]);
  const setFiles = useCallback(
    (next: EvidenceFile[]) => {
      latest.current = next;
      onChange(next, fieldPathId.path);
    },
    [onChange, fieldPathId.path],
  );

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

  // What an upload's outcome does, as of the latest render.
  const finished = useEffectEvent((file: EvidenceFile) => {
    setFiles([...latest.current.filter((each) => each.fileId !== file.fileId), file]);
    setAnnouncement(claimPagesText('evidence.announceUploaded', { fileName: file.name }));
  });
  const refused = useEffectEvent((message: string) => refuse(message));

  // The question's uploads, once the session is known; files chosen before wait for it.
  const uploads = useMemo(
    () =>
      uid && funnelId && pageId
        ? questionUploads(dispatch, { uid, funnelId, pageId, field })
        : null,
    [dispatch, uid, funnelId, pageId, field],
  );
  const chosenBeforeSession = useRef<File[]>([]);
  useEffect(() => {
    if (!uploads) return;
    const outcomes: UploadOutcomes = {
      finished: (file) => finished(file),
      refused: (_name, message) => refused(message),
    };
    void uploads.start(outcomes).then(() => {
      const chosen = chosenBeforeSession.current.splice(0);
      if (chosen.length > 0) return uploads.add(chosen);
    });
    return () => uploads.stop();
  }, [uploads]);
  const waiting = useSyncExternalStore(
    uploads?.subscribe ?? subscribeToNothing,
    uploads?.snapshot ?? nothingUploading,
    nothingUploading,
  );

  // What Continue meets: a refusal since the last Continue, or files still uploading.
  const holdField = context?.holdField;
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

  const choose = (chosen: File[]) => {
    if (chosen.length === 0) return;
    setAnnouncement('');
    if (latest.current.length + waiting.length + chosen.length > limits.maxFiles) {
      refuse(claimPagesText('evidence.tooMany', { count: limits.maxFiles }));
      return;
    }
    const accepted: File[] = [];
    let firstRefusal: string | null = null;
    for (const file of chosen) {
      const refused = refusalOf(file, limits);
      if (refused) firstRefusal ??= refused;
      else accepted.push(file);
    }
    refuse(firstRefusal);
    if (accepted.length === 0) return;
    if (uploads) void uploads.add(accepted);
    else chosenBeforeSession.current.push(...accepted);
  };

  const removed = (name: string) => {
    setAnnouncement(claimPagesText('evidence.announceRemoved', { fileName: name }));
    // Focus goes back to the question, not to the page's start.
    input.current?.focus();
  };

  const uiTitle = uiSchema?.['ui:title'];
  const title =
    typeof uiTitle === 'string' ? uiTitle : typeof schema.title === 'string' ? schema.title : '';
  const needed = required || (typeof schema.minItems === 'number' && schema.minItems > 0);
  const label =
    needed || title.endsWith(formText('field.optional', { label: '' }).trim())
      ? title
      : formText('field.optional', { label: title });
  const uiDescription = uiSchema?.['ui:description'];
  const hint =
    typeof uiDescription === 'string'
      ? uiDescription
      : typeof schema.description === 'string'
        ? schema.description
        : '';
  // RJSF gives a field its own errors as rawErrors (its errorSchema keeps its parts').
  const error =
    props.rawErrors?.[0] ?? (errorSchema as { __errors?: string[] } | undefined)?.__errors?.[0];
  const many = limits.maxFiles > 1;
  const limitsHint = many
    ? claimPagesText('evidence.limitsMany', {
        maxFiles: limits.maxFiles,
        kinds: kindsSaid(limits),
        maxMB: limits.maxFileMB,
      })
    : claimPagesText('evidence.limitsOne', { kinds: kindsSaid(limits), maxMB: limits.maxFileMB });
  const describedBy = [hint && `${id}__hint`, `${id}__limits`, error && `${id}__error`]
    .filter(Boolean)
    .join(' ');
  const [dragging, setDragging] = useState(false);

  return (
    <div className={`field evidence${error ? ' field--error' : ''}`} data-field={id}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}__hint`} className="field__hint">
          {hint}
        </p>
      )}
      <p id={`${id}__limits`} className="field__hint">
        {limitsHint}
      </p>
      {error && (
        <p id={`${id}__error`} className="field__error">
          <span className="visually-hidden">{formText('field.errorPrefix')}</span> {error}
        </p>
      )}
      <div
        className={`evidence__zone${dragging ? ' evidence__zone--over' : ''}`}
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
      >
        {/* The real input covers the zone: a click anywhere opens the picker, and a file
            dropped anywhere on it is the input's, as the browser gives it. */}
        <input
          ref={input}
          type="file"
          id={id}
          name={id}
          className="evidence__input"
          accept={acceptAttribute(limits.accept)}
          multiple={many}
          disabled={locked}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            choose([...(event.target.files ?? [])]);
            // Emptied, so choosing the same file again is a change too.
            event.target.value = '';
          }}
        />
        <span className="button button--secondary evidence__choose" aria-hidden="true">
          {claimPagesText(many ? 'evidence.chooseFiles' : 'evidence.chooseFile')}
        </span>
        <span className="evidence__or" aria-hidden="true">
          {claimPagesText(many ? 'evidence.orDropFiles' : 'evidence.orDropFile')}
        </span>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {(files.length > 0 || waiting.length > 0) && (
        <ul className="evidence__list">
          {files.map((file) => (
            <li key={file.fileId} className="evidence__file">
              <span className="evidence__name">{file.name}</span>
              <span className="evidence__size">{fileSizeInWords(file.size)}</span>
              <strong className="tag tag--green evidence__state">
                {claimPagesText('evidence.uploaded')}
              </strong>
              {!locked && (
                <RemoveButton
                  name={file.name}
                  onRemove={() => {
                    setFiles(latest.current.filter((each) => each.fileId !== file.fileId));
                    uploads?.remove(file);
                    removed(file.name);
                  }}
                />
              )}
            </li>
          ))}
          {waiting.map((file) => (
            <li key={file.id} className="evidence__file" data-state={file.state}>
              <span className="evidence__name">{file.name}</span>
              <span className="evidence__size">{fileSizeInWords(file.size)}</span>
              {file.state === 'uploading' && (
                <progress
                  className="evidence__progress"
                  max={file.size}
                  value={Math.min(file.sent, file.size)}
                  aria-label={claimPagesText('evidence.progress', { fileName: file.name })}
                />
              )}
              <span className="evidence__state">{stateInWords(file.state)}</span>
              {!locked && (
                <RemoveButton
                  name={file.name}
                  onRemove={() => {
                    void uploads?.cancel(file.id);
                    removed(file.name);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
