import { fileSizeInWords, type EvidenceFile } from '../../../../runtime/contract';
import type { FileUploading, UploadState } from '../../../../store/claimActions/evidenceUploads';
import { MessageSentence } from '../../../ui/MessageSentence';
import { claimPagesText } from '../../claimPagesText';

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

interface EvidenceFileListProps {
  /** The answer's files, each finished. */
  files: EvidenceFile[];
  /** The files still on their way. */
  waiting: readonly FileUploading[];
  /** No file can be removed (the form is disabled or read only). */
  locked: boolean;
  onRemove: (file: EvidenceFile) => void;
  onCancel: (file: FileUploading) => void;
}

/**
 * A file question's files: the finished ones first, then those still on their way, each with
 * its name and size, a progress bar while it uploads, its state in words and "Remove". Drawn
 * only once there is a file.
 */
export function EvidenceFileList({
  files,
  waiting,
  locked,
  onRemove,
  onCancel,
}: EvidenceFileListProps) {
  if (files.length === 0 && waiting.length === 0) return null;
  return (
    <ul className="evidence__list">
      {files.map((file) => (
        <li key={file.fileId} className="evidence__file">
          <span className="evidence__name">{file.name}</span>
          <span className="evidence__size">{fileSizeInWords(file.size)}</span>
          <strong className="tag tag--green evidence__state">
            {claimPagesText('evidence.uploaded')}
          </strong>
          {!locked && <RemoveButton name={file.name} onRemove={() => onRemove(file)} />}
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
          {!locked && <RemoveButton name={file.name} onRemove={() => onCancel(file)} />}
        </li>
      ))}
    </ul>
  );
}
