import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { roleText } from '../../../runtime/claim';
import { stageShown } from '../../locale/claimStagesShown';
import {
  LETTER_OF_AUTHORITY,
  resolvePath,
  schemaInWords,
  summariseAnswers,
  type SignedDocument,
} from '../../../runtime/funnel';
import { schemaWordsOf } from '../../form/funnelSchemaWordsText';
import type { StaffClaimDetail } from '../../../runtime/contract';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { staffApi } from '../../../store/staffApi';
import { base64Bytes, saveFile } from '../../ui/saveFile';
import { funnelRegistry } from '../../funnelRegistry';
import { useVersionRegistry } from '../../versions/useVersionRegistry';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { StaffLoadProblem, StaffNav } from './StaffAccess';
import { StaffEvidenceFiles } from './StaffEvidenceFiles';
import { staffText, type StaffTextKey } from './staffText';
import './staff.css';
import { dateTimeFormat, languageNames } from '../../locale/localeFormats';

/** A claim's language by name, in the staff screens' own ("Welsh" for `cy`). */
const LANGUAGES = languageNames();

const WHEN = dateTimeFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : '—');

/** One sent claim for staff: where it is, how to move it, every answer, the evidence, the history. */
export function StaffClaimPage() {
  const { claimId = '' } = useParams();
  const { data, error } = staffApi.useStaffGetClaimQuery({ claimId });
  usePageTitle(
    data
      ? staffText('claim.pageTitle', { reference: data.row.reference })
      : staffText('claim.pageTitleLoading'),
  );
  if (error) {
    return <StaffLoadProblem error={error} nav="claim" />;
  }
  if (!data) return <p aria-live="polite">{staffText('claim.loading')}</p>;
  const { row } = data;
  // The claim's funnel's stages (its own lifecycle, or the shared file's). A stage the funnel
  // no longer lists is shown by its id, and said so.
  const stage = stageShown(row.funnelId, row.stage);
  return (
    <div className="staff">
      <StaffNav current="claim" />
      <p>
        <Link to={paths.staff()}>{staffText('claim.back')}</Link>
      </p>
      <h1>
        {staffText('claim.heading', { reference: row.reference })}
        {row.claimantName && <span className="staff-heading-name">: {row.claimantName}</span>}
      </h1>
      <dl className="summary-list">
        <SummaryRow
          label={staffText('claim.stage')}
          value={stage?.staffLabel ?? staffText('claim.stageUnknown', { stage: row.stage })}
        />
        <SummaryRow
          label={staffText('claim.claimant')}
          value={roleText(row.claimantName, row.asked.name)}
        />
        <SummaryRow label={staffText('claim.email')} value={roleText(row.email, row.asked.email)} />
        <SummaryRow label={staffText('claim.phone')} value={roleText(row.phone, row.asked.phone)} />
        <SummaryRow
          label={row.asked.subjectLabel ?? staffText('claim.subject')}
          value={roleText(row.subject, row.asked.subjectLabel !== null)}
        />
        <SummaryRow
          label={staffText('claim.funnel')}
          value={funnelRegistry().getFunnel(row.funnelId)?.title ?? row.funnelId}
        />
        <SummaryRow label={staffText('claim.sent')} value={when(row.submittedAt)} />
        <SummaryRow
          label={staffText('claim.language')}
          value={staffText('claim.languageValue', {
            language: LANGUAGES.format(data.claim.locale),
            locale: data.claim.locale,
          })}
        />
      </dl>
      <MoveClaim detail={data} />
      <Answers detail={data} />
      <Evidence detail={data} />
      <History detail={data} />
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The moves the claim's funnel's lifecycle allows from its stage, with a note for the history;
 * none from a stage the funnel no longer lists.
 */
function MoveClaim({ detail }: { detail: StaffClaimDetail }) {
  const { row } = detail;
  const [move, { isLoading }] = staffApi.useStaffMoveClaimMutation();
  const [problem, setProblem] = useState<MoveProblem>(null);
  const [done, setDone] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const current = stageShown(row.funnelId, row.stage);
  if (!current) {
    return (
      <section aria-labelledby="move-heading">
        <h2 id="move-heading">{staffText('move.stageHeading')}</h2>
        <p>{staffText('move.unknownStage', { stage: row.stage })}</p>
      </section>
    );
  }
  const next = current.next;
  if (next.length === 0) {
    return (
      <section aria-labelledby="move-heading">
        <h2 id="move-heading">{staffText('move.stageHeading')}</h2>
        <p>{staffText('move.closed')}</p>
      </section>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const to = String(form.get('to') ?? '');
    const note = String(form.get('note') ?? '').trim();
    setDone(null);
    const refuse = (field: 'to' | 'note' | null, message: string) => {
      setProblem({ field, message });
      // The summary is announced and focused once, on this submit only.
      requestAnimationFrame(() => summary.current?.focus());
    };
    if (!to) return refuse('to', staffText('move.chooseStage'));
    if (!note) return refuse('note', staffText('move.enterNote'));
    try {
      await move({ claimId: row.claimId, from: row.stage, to, note }).unwrap();
      setProblem(null);
      setDone(staffText('move.done', { stage: stageShown(row.funnelId, to)?.staffLabel ?? to }));
      element.reset();
    } catch (error) {
      refuse(null, isGatewayQueryError(error) ? error.message : staffText('move.failed'));
    }
  };
  return (
    <section aria-labelledby="move-heading" className="staff-move">
      <h2 id="move-heading">{staffText('move.heading')}</h2>
      {done && (
        <div className="notice notice--success" role="status">
          {done}
        </div>
      )}
      {problem && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <h3 className="error-summary__title">{staffText('move.problemTitle')}</h3>
          <ul className="error-summary__list">
            <li>
              {problem.field ? (
                <a href={`#move-${problem.field}`}>{problem.message}</a>
              ) : (
                problem.message
              )}
            </li>
          </ul>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <StageChoices funnelId={row.funnelId} next={next} problem={problem} />
        <MoveNoteField problem={problem} />
        <button type="submit" className="button" disabled={isLoading}>
          {staffText('move.submit')}
        </button>
      </form>
    </section>
  );
}

/** A refused move: the field it names, or none when the gateway refused it. */
type MoveProblem = { field: 'to' | 'note' | null; message: string } | null;

/** The stages the claim may move to, one radio each; the first carries the id the summary links to. */
function StageChoices({
  funnelId,
  next,
  problem,
}: {
  funnelId: string;
  next: readonly string[];
  problem: MoveProblem;
}) {
  return (
    <fieldset className={`field${problem?.field === 'to' ? ' field--error' : ''}`}>
      <legend>{staffText('move.legend')}</legend>
      {problem?.field === 'to' && (
        <p className="field__error" id="move-to-error">
          <span className="visually-hidden">{staffText('move.errorPrefix')}</span> {problem.message}
        </p>
      )}
      <div className="choices">
        {next.map((id, index) => (
          <div className="choice" key={id}>
            <input
              type="radio"
              name="to"
              value={id}
              id={index === 0 ? 'move-to' : `move-to-${id}`}
              aria-describedby={problem?.field === 'to' ? 'move-to-error' : undefined}
            />
            <label htmlFor={index === 0 ? 'move-to' : `move-to-${id}`}>
              {stageShown(funnelId, id)?.staffLabel ?? id}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The note for the claim's history, which every move needs. */
function MoveNoteField({ problem }: { problem: MoveProblem }) {
  return (
    <div className={`field${problem?.field === 'note' ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor="move-note">
        {staffText('move.noteLabel')}
      </label>
      <p className="field__hint" id="move-note-hint">
        {staffText('move.noteHint')}
      </p>
      {problem?.field === 'note' && (
        <p className="field__error" id="move-note-error">
          <span className="visually-hidden">{staffText('move.errorPrefix')}</span> {problem.message}
        </p>
      )}
      <textarea
        id="move-note"
        name="note"
        maxLength={2000}
        aria-describedby={`move-note-hint${problem?.field === 'note' ? ' move-note-error' : ''}`}
        aria-invalid={problem?.field === 'note' || undefined}
      />
    </div>
  );
}

/** Every answer, with the funnel's own check-your-answers wording (as the claimant saw it). */
function Answers({ detail }: { detail: StaffClaimDetail }) {
  // As the version the claim was made on has its pages and questions.
  const found = useVersionRegistry(detail.claim.funnelId, detail.claim.funnelVersion);
  if (found.state === 'loading') return <p aria-live="polite">{staffText('answers.loading')}</p>;
  if (found.state === 'failed') return <p>{staffText('answers.failed')}</p>;
  const registry = found.state === 'ready' ? found.registry : undefined;
  const funnel = registry?.getFunnel(detail.claim.funnelId);
  if (!registry || !funnel) return <p>{staffText('answers.gone')}</p>;
  const pages = resolvePath(funnel, detail.claim.answers, registry.evaluateCondition).filter(
    (page) => page.kind !== 'review-and-sign' && page.kind !== 'exit',
  );
  return (
    <>
      {pages.map((page) => {
        // Staff read the claim in English, whatever language it was made in.
        const rows = summariseAnswers(
          schemaInWords(registry.bundlePageSchema(page.schema) ?? {}, schemaWordsOf(funnel)),
          detail.claim.answers[page.pageId],
          {
            uiSchema: page.uiSchema,
            words: { yes: staffText('answers.yes'), no: staffText('answers.no') },
          },
        );
        return (
          <section key={page.pageId} aria-labelledby={`answers-${page.pageId}`}>
            <h2 id={`answers-${page.pageId}`}>{page.title}</h2>
            <dl className="summary-list">
              {rows.map((answer) =>
                answer.files ? (
                  <div className="summary-list__row" key={answer.field}>
                    <dt>{answer.label}</dt>
                    <dd>
                      <StaffEvidenceFiles claimId={detail.claim.claimId} files={answer.files} />
                    </dd>
                  </div>
                ) : (
                  <SummaryRow key={answer.field} label={answer.label} value={answer.value} />
                ),
              )}
            </dl>
          </section>
        );
      })}
    </>
  );
}

/** The signed letter as the claimant downloads it, rebuilt from the evidence kept. */
function LetterPdf({
  claimId,
  signed,
}: {
  claimId: string;
  /** What was signed: the button names it. */
  signed: SignedDocument;
}) {
  const [getPdf, { isLoading }] = staffApi.useStaffGetLetterOfAuthorityPdfMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      const pdf = await getPdf({ claimId }).unwrap();
      saveFile(pdf.fileName, base64Bytes(pdf.base64), 'application/pdf');
    } catch (error) {
      setProblem(isGatewayQueryError(error) ? error.message : staffText('letter.failed'));
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={download}
        disabled={isLoading}
      >
        {staffText('letter.download', signed)}
      </button>
      {problem && (
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

function Evidence({ detail }: { detail: StaffClaimDetail }) {
  const { signature, referral } = detail;
  return (
    <section aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">{staffText('evidence.heading')}</h2>
      {signature?.letterVersion && (
        <LetterPdf
          claimId={detail.claim.claimId}
          signed={signature.letter ?? LETTER_OF_AUTHORITY}
        />
      )}
      <dl className="summary-list">
        <SummaryRow
          label={staffText('evidence.signed')}
          value={
            signature
              ? staffText('evidence.signedValue', {
                  when: when(signature.signedAt),
                  method: signature.method,
                })
              : staffText('evidence.noSignature')
          }
        />
        <SummaryRow label={staffText('evidence.fromAddress')} value={signature?.ip ?? '—'} />
        <SummaryRow label={staffText('evidence.browser')} value={signature?.userAgent ?? '—'} />
        <SummaryRow
          label={staffText('evidence.letter', signature?.letter ?? LETTER_OF_AUTHORITY)}
          value={
            signature?.letterVersion
              ? staffText('evidence.letterValue', {
                  version: signature.letterVersion,
                  sha: signature.letterSha256 ?? '—',
                })
              : staffText('evidence.noLetter')
          }
        />
        <SummaryRow
          label={staffText('evidence.referral')}
          value={
            referral && Object.keys(referral).length > 0
              ? Object.entries(referral)
                  .map(([key, value]) => `${key}: ${value}`)
                  .join(', ')
              : staffText('evidence.noReferral')
          }
        />
      </dl>
    </section>
  );
}

/** The message naming each event of a claim's history. */
const EVENT_NAMES: Record<string, StaffTextKey> = {
  submitted: 'history.submitted',
  'stage-changed': 'history.stageChanged',
  withdrawn: 'history.withdrawn',
  'account-deleted': 'history.accountDeleted',
};

function eventName(event: string): string {
  const key = EVENT_NAMES[event];
  return key ? staffText(key) : event;
}

function History({ detail }: { detail: StaffClaimDetail }) {
  const entries = [...detail.history].sort((a, b) => b.at.localeCompare(a.at));
  const { funnelId } = detail.row;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{staffText('history.heading')}</h2>
      <ol className="timeline" data-testid="staff-history">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span className="timeline__label">{eventName(entry.event)}</span>{' '}
            <time dateTime={entry.at}>{when(entry.at)}</time>
            {entry.from && entry.to && (
              <div>
                {stageShown(funnelId, entry.from)?.staffLabel ?? entry.from} →{' '}
                {stageShown(funnelId, entry.to)?.staffLabel ?? entry.to}
              </div>
            )}
            {entry.note && <div className="staff-muted">{entry.note}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}
