import { isWithdrawable } from '../../../runtime/lifecycle';
import { claimStagesShown, nextShown } from '../../locale/claimStagesShown';
import { ClaimProgress } from './ClaimProgress';
import { ClaimStatusLine } from './ClaimStatusLine';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { useEffect, useRef, useState } from 'react';
import { gatewayApi } from '../../../store/gatewayApi';
import { useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { StartAnotherClaimButton } from './StartAnotherClaimButton';
import { base64Bytes, saveFile } from '../../ui/saveFile';
import { WithdrawClaim } from './WithdrawClaim';
import {
  signedDocumentOf,
  signPageOf,
  type Funnel,
  type SignedDocument,
} from '../../../runtime/funnel';
import { fileSizeInWords, type EvidenceFile } from '../../../runtime/contract';
import { claimWording } from '../funnelWordingText';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';
import '../widgets/evidence/evidence.css';

type DownloadState =
  { state: 'idle' | 'preparing' | 'done' } | { state: 'failed'; message: string };

/** The signed PDF of what the claimant signed, made by the gateway from the stored evidence. */
function LetterDownload({
  funnelId,
  claimId,
  signed,
}: {
  funnelId: string;
  claimId: string | null;
  signed: SignedDocument;
}) {
  const [download, setDownload] = useState<DownloadState>({ state: 'idle' });
  const [getLetterOfAuthorityPdf] = gatewayApi.useGetLetterOfAuthorityPdfMutation();
  // The button is disabled while the PDF is made; focus then goes to what happened.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (download.state === 'done') outcomeRef.current?.focus();
    if (download.state === 'failed') alertRef.current?.focus();
  }, [download.state]);
  return (
    <>
      <h2>{claimPagesText('letter.heading', signed)}</h2>
      <p>{claimPagesText('letter.keepCopy', signed)}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={download.state === 'preparing'}
        onClick={async () => {
          setDownload({ state: 'preparing' });
          try {
            const pdf = await getLetterOfAuthorityPdf({
              funnelId,
              ...(claimId ? { claimId } : {}),
            }).unwrap();
            saveFile(pdf.fileName, base64Bytes(pdf.base64), 'application/pdf');
            setDownload({ state: 'done' });
          } catch {
            setDownload({
              state: 'failed',
              message: claimPagesText('letter.failed'),
            });
          }
        }}
      >
        {claimPagesText('letter.download', signed)}
      </button>
      <p role="status" className="field__hint" ref={outcomeRef} tabIndex={-1}>
        {download.state === 'preparing' && claimPagesText('letter.preparing')}
        {download.state === 'done' && claimPagesText('letter.downloaded')}
      </p>
      {download.state === 'failed' && (
        <div className="notice notice--warning" role="alert" ref={alertRef} tabIndex={-1}>
          {download.message}
        </div>
      )}
    </>
  );
}

/**
 * The files the claim holds, each with its name, size and a button that downloads it: the
 * gateway gives a short-lived link, which the browser opens (an attachment, so the page stays).
 */
function ClaimFiles({ files }: { files: readonly EvidenceFile[] }) {
  const [getEvidenceLink] = gatewayApi.useGetEvidenceLinkMutation();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <>
      <h2>{claimPagesText('confirmation.filesHeading')}</h2>
      {failed && (
        <div className="notice notice--warning" role="alert">
          {claimPagesText('confirmation.downloadFailed')}
        </div>
      )}
      <ul className="evidence__list" data-testid="claim-files">
        {files.map((file) => (
          <li key={file.fileId} className="evidence__file">
            <span className="evidence__name">{file.name}</span>
            <span className="evidence__size">{fileSizeInWords(file.size)}</span>
            <button
              type="button"
              className="button button--secondary evidence__remove"
              disabled={busy === file.fileId}
              onClick={async () => {
                setBusy(file.fileId);
                setFailed(false);
                try {
                  const { url } = await getEvidenceLink({ fileId: file.fileId }).unwrap();
                  window.location.assign(url);
                } catch {
                  setFailed(true);
                } finally {
                  setBusy(null);
                }
              }}
            >
              <MessageSentence
                say={claimPagesText}
                message="confirmation.download"
                slots={{ fileName: <span className="visually-hidden">{file.name}</span> }}
              />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Where the claimant's rights over their data are (UK GDPR): their account page, or without
 * an account the same address, which for such a session is their data (download, delete).
 * A session without an account is told how another device reaches it: the claim's emails.
 */
function YourDataLink({ claimNoun }: { claimNoun: string }) {
  const user = useAppSelector(selectAuthUser);
  const hasAccount = user !== null && !user.isAnonymous;
  return (
    <section aria-labelledby="claim-your-data" data-testid="claim-your-data">
      <h2 id="claim-your-data">{claimPagesText('confirmation.dataHeading')}</h2>
      <p>
        <MessageSentence
          say={claimPagesText}
          message={hasAccount ? 'confirmation.dataWithAccount' : 'confirmation.dataWithoutAccount'}
          slots={{
            dataLink: (
              <Link to={paths.account()}>
                {claimPagesText(hasAccount ? 'confirmation.accountLink' : 'confirmation.dataLink')}
              </Link>
            ),
          }}
        />
      </p>
      {!hasAccount && <p>{claimPagesText('confirmation.otherDevice', { claimNoun })}</p>}
    </section>
  );
}

/** A sent claim cannot be changed here: the claimant is pointed to the contact page instead. */
function CannotChangeNote({ claimNoun }: { claimNoun: string }) {
  return (
    <p>
      <MessageSentence
        say={claimPagesText}
        message="confirmation.cannotChange"
        values={{ claimNoun }}
        slots={{
          contactLink: (
            <Link to={paths.contact()}>{claimPagesText('confirmation.contactLink')}</Link>
          ),
        }}
      />
    </p>
  );
}

/** What the confirmation shows of a submitted claim. */
interface SubmittedClaim {
  claimId: string | null;
  reference: string | null;
  submittedAt: string | null;
  withdrawnAt: string | null;
  /** Where the claim is since it was sent (the claim page shows it; the moment of sending does not). */
  stage?: string | null;
  timeline?: ReadonlyArray<{ stage: string; at: string }>;
}

/**
 * A submitted claim's reference, status and what happens next (GOV.UK confirmation page),
 * its signed letter, and a way to start another claim in the funnel, in the funnel's own words.
 */
export function ClaimConfirmation({
  funnel,
  uid,
  claim,
  files = [],
}: {
  funnel: Funnel;
  uid: string;
  claim: SubmittedClaim;
  /** The files the claim's answers hold (file questions), for the claimant to download. */
  files?: readonly EvidenceFile[];
}) {
  const { funnelId } = funnel;
  // What the claimant signed (nothing, in a funnel whose sign page has no document): its kind
  // says whether withdrawing also ends an authority to act for them.
  const signed = signedDocumentOf(signPageOf(funnel)?.letterOfAuthority);
  const wording = claimWording(funnel);
  const stages = claimStagesShown(funnelId);
  // The funnel's promise while the claim waits in its first stage; past it, the progress
  // section's stage text speaks, and a final stage promises nothing.
  const next = nextShown(
    funnelId,
    stages,
    funnel.wording?.whatHappensNext,
    wording.whatHappensNext,
    claim.withdrawnAt ? stages.withdrawn : (claim.stage ?? undefined),
  );
  return (
    <div className="narrow">
      <div className="panel" data-testid="confirmation">
        <h1>{claim.withdrawnAt ? wording.withdrawnTitle : wording.confirmationTitle}</h1>
        <p>{claimPagesText('confirmation.reference')}</p>
        <p className="panel__reference" data-testid="claim-reference">
          {claim.reference}
        </p>
      </div>
      <ClaimStatusLine
        funnelId={funnelId}
        claim={claim}
        initialStage={stages.initial}
        claimNoun={wording.claimNoun}
        withLetter={signed?.kind === 'authority'}
      />
      {claim.stage && claim.timeline && claim.timeline.length > 0 && (
        <ClaimProgress
          funnelId={funnelId}
          stage={claim.stage}
          timeline={claim.timeline}
          claimNoun={wording.claimNoun}
        />
      )}
      {next && (
        <>
          <h2>{claimPagesText('confirmation.nextHeading')}</h2>
          <p data-testid="what-happens-next">{next}</p>
        </>
      )}
      <CannotChangeNote claimNoun={wording.claimNoun} />
      {files.length > 0 && <ClaimFiles files={files} />}
      {signed && <LetterDownload funnelId={funnelId} claimId={claim.claimId} signed={signed} />}
      {claim.claimId &&
        !claim.withdrawnAt &&
        (!claim.stage || isWithdrawable(claim.stage, stages)) && (
          <WithdrawClaim
            funnelId={funnelId}
            claimId={claim.claimId}
            claimNoun={wording.claimNoun}
            endsAuthority={signed?.kind === 'authority'}
          />
        )}
      <YourDataLink claimNoun={wording.claimNoun} />
      <h2>{wording.startAnotherHeading}</h2>
      {wording.startAnotherText && <p>{wording.startAnotherText}</p>}
      <StartAnotherClaimButton funnelId={funnelId} uid={uid} label={wording.startAnotherButton} />
    </div>
  );
}
