import { useState } from 'react';
import {
  EVIDENCE_KINDS,
  PREVIEWABLE_KINDS,
  fileSizeInWords,
  type EvidenceFile,
} from '../../../runtime/contract';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { staffApi } from '../../../store/staffApi';
import { staffText } from './staffText';

/**
 * A claim's files for staff: each with its kind and size, a download (a link the gateway
 * gives for a few minutes, streamed as an attachment from the functions' origin, never this
 * site's) and, for a photo, a preview drawn from such a link.
 */
export function StaffEvidenceFiles({
  claimId,
  files,
}: {
  claimId: string;
  files: readonly EvidenceFile[];
}) {
  return (
    <ul className="evidence-files">
      {files.map((file) => (
        <StaffEvidenceFile key={file.fileId} claimId={claimId} file={file} />
      ))}
    </ul>
  );
}

function StaffEvidenceFile({ claimId, file }: { claimId: string; file: EvidenceFile }) {
  const [getLink, { isLoading }] = staffApi.useStaffGetEvidenceLinkMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const linkTo = async (): Promise<string | null> => {
    setProblem(null);
    try {
      return (await getLink({ claimId, fileId: file.fileId }).unwrap()).url;
    } catch (error) {
      setProblem(isGatewayQueryError(error) ? error.message : staffText('files.failed'));
      return null;
    }
  };
  const download = async () => {
    const url = await linkTo();
    if (url) window.location.assign(url);
  };
  const showPreview = async () => setPreview(await linkTo());
  return (
    <li className="evidence-files__file">
      <span className="evidence-files__name">{file.name}</span>{' '}
      <span className="evidence-files__meta">
        {staffText('files.kindAndSize', {
          kind: EVIDENCE_KINDS[file.kind]?.label ?? file.kind,
          size: fileSizeInWords(file.size),
        })}
      </span>
      <span className="evidence-files__actions">
        <button type="button" className="link-button" onClick={download} disabled={isLoading}>
          {staffText('files.download')}
          <span className="visually-hidden"> {file.name}</span>
        </button>
        {PREVIEWABLE_KINDS.includes(file.kind) && !preview && (
          <button type="button" className="link-button" onClick={showPreview} disabled={isLoading}>
            {staffText('files.preview')}
            <span className="visually-hidden"> {file.name}</span>
          </button>
        )}
      </span>
      {preview && (
        <img
          className="evidence-files__preview"
          src={preview}
          alt={staffText('files.previewAlt', { name: file.name })}
        />
      )}
      {problem && (
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
