import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { callGateway } from '../../platform/gatewayClient';
import { summariseAnswers } from '../../runtime/answerSummary';
import { letterParagraphs, type LetterOfAuthority } from '../../runtime/letterOfAuthority';
import { resolvePath } from '../../runtime/navigation';
import type { Funnel, FunnelPage } from '../../runtime/types';
import { useAppDispatch } from '../../store/hooks';
import {
  claimSubmitRequested,
  pageSubmitted,
  type ClaimDraft,
} from '../../store/slices/claimSlice';
import { funnelRegistry } from '../funnelRegistry';
import { fieldIdOf } from './fieldErrors';
import { pageUrl } from './FormStepRoute';
import { StepForm } from './StepForm';
import './widgets/signature.css';

/**
 * The letter of authority exactly as the funnel holds it (the gateway stores and hashes the
 * same text): paragraphs split at blank lines, lines starting "- " as a list.
 */
function LetterOfAuthorityText({ letter }: { letter: LetterOfAuthority }) {
  return (
    <section className="letter" aria-labelledby="letter-of-authority-title" data-testid="letter">
      <h3 id="letter-of-authority-title">{letter.title}</h3>
      <p className="letter__version">Version {letter.version}</p>
      {letterParagraphs(letter.text).map((lines, i) => {
        const items = lines.filter((line) => /^[-*•]\s+/.test(line));
        const intro = lines.filter((line) => !/^[-*•]\s+/.test(line));
        return (
          <div key={i}>
            {intro.length > 0 && <p>{intro.join(' ')}</p>}
            {items.length > 0 && (
              <ul>
                {items.map((item) => (
                  <li key={item}>{item.replace(/^[-*•]\s+/, '')}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** Saves bytes the gateway sent (base64) as a file download. */
function saveFile(fileName: string, base64: string, type: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type DownloadState =
  { state: 'idle' | 'preparing' | 'done' } | { state: 'failed'; message: string };

/** The signed PDF of the letter of authority, made by the gateway from the stored evidence. */
function LetterDownload({ funnelId }: { funnelId: string }) {
  const [download, setDownload] = useState<DownloadState>({ state: 'idle' });
  return (
    <>
      <h2>Your letter of authority</h2>
      <p>
        Keep a copy of the letter of authority you signed. It shows your details, your signature and
        when you signed.
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={download.state === 'preparing'}
        onClick={async () => {
          setDownload({ state: 'preparing' });
          try {
            const pdf = await callGateway('getLetterOfAuthorityPdf', { funnelId });
            saveFile(pdf.fileName, pdf.base64, 'application/pdf');
            setDownload({ state: 'done' });
          } catch {
            setDownload({
              state: 'failed',
              message: 'Sorry, we could not make your PDF. Try again in a few minutes.',
            });
          }
        }}
      >
        Download your signed letter of authority (PDF)
      </button>
      <p role="status" className="field__hint">
        {download.state === 'preparing' && 'Preparing your PDF…'}
        {download.state === 'done' && 'Your PDF has been downloaded.'}
      </p>
      {download.state === 'failed' && (
        <div className="notice notice--warning" role="alert">
          {download.message}
        </div>
      )}
    </>
  );
}

interface ReviewAndSignProps {
  funnel: Funnel;
  page: FunnelPage;
  uid: string;
  draft: ClaimDraft;
  backLink: ReactNode;
  heading: ReactNode;
}

/**
 * Check your answers, then sign and send (GOV.UK pattern). Once the claim is submitted the
 * same address shows its reference and status instead, and nothing can be changed.
 */
export function ReviewAndSign({ funnel, page, uid, draft, backLink, heading }: ReviewAndSignProps) {
  const dispatch = useAppDispatch();
  const registry = funnelRegistry();
  const path = resolvePath(funnel, draft.answers, registry.evaluateCondition);

  if (draft.status === 'submitted') {
    return (
      <div className="narrow">
        <div className="panel" data-testid="confirmation">
          <h1>Claim submitted</h1>
          <p>Your reference number</p>
          <p className="panel__reference" data-testid="claim-reference">
            {draft.reference}
          </p>
        </div>
        <p>
          Status: <strong className="tag tag--green">Submitted</strong>
          {draft.submittedAt && (
            <>
              {' '}
              on{' '}
              {new Date(draft.submittedAt).toLocaleDateString('en-GB', {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
              })}
            </>
          )}
        </p>
        <h2>What happens next</h2>
        <p>
          We will check your claim and contact you within 10 working days. Keep your reference
          number: you will need it if you contact us.
        </p>
        <p>
          Your claim has been sent, so it can no longer be changed. If something is wrong, contact
          us quoting your reference.
        </p>
        <LetterDownload funnelId={funnel.funnelId} />
      </div>
    );
  }

  const answeredPages = path.filter((p) => p.pageId !== page.pageId && p.kind !== 'exit');
  const submitting = draft.submission.state === 'submitting';
  return (
    <div className="narrow">
      {backLink}
      <StepForm
        key={`${funnel.funnelId}/${page.pageId}`}
        schema={registry.bundlePageSchema(page.schema) as RJSFSchema}
        uiSchema={page.uiSchema as UiSchema | undefined}
        initialAnswers={draft.answers[page.pageId]}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        submitLabel={submitting ? 'Sending your claim…' : 'Accept and send claim'}
        busy={submitting}
        onValid={(data) => {
          dispatch(
            pageSubmitted({
              funnelId: funnel.funnelId,
              ownerUid: uid,
              pageId: page.pageId,
              answers: data,
              nextPageId: null,
            }),
          );
          dispatch(
            claimSubmitRequested({
              funnelId: funnel.funnelId,
              ...(page.letterOfAuthority
                ? { letterOfAuthorityVersion: page.letterOfAuthority.version }
                : {}),
            }),
          );
        }}
      >
        {heading}
        {draft.submission.state === 'failed' && (
          <div className="notice notice--warning" role="alert">
            {draft.submission.message}
          </div>
        )}
        {answeredPages.map((answered) => {
          const rows = summariseAnswers(
            registry.bundlePageSchema(answered.schema) ?? {},
            draft.answers[answered.pageId],
          );
          const change = pageUrl(funnel.funnelId, answered.pageId, uid);
          return (
            <section key={answered.pageId} aria-labelledby={`summary-${answered.pageId}`}>
              <h2 id={`summary-${answered.pageId}`}>{answered.title}</h2>
              {rows.length === 0 ? (
                <p>
                  Not answered yet. <Link to={change}>Answer these questions</Link>
                </p>
              ) : (
                <dl className="summary-list">
                  {rows.map((row) => (
                    <div className="summary-list__row" key={row.field}>
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                      <dd className="summary-list__actions">
                        <Link to={`${change}#${fieldIdOf(row.field)}`}>
                          Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
                        </Link>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          );
        })}
        <h2>Sign and send your claim</h2>
        {page.letterOfAuthority && (
          <>
            <p>
              By signing, you agree to the letter of authority below: it lets us act for you in this
              claim.
            </p>
            <LetterOfAuthorityText letter={page.letterOfAuthority} />
          </>
        )}
      </StepForm>
    </div>
  );
}
