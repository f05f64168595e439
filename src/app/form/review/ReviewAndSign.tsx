import { claimLocale } from '../../funnelRegistry';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  filesOfClaim,
  inSentence,
  schemaInWords,
  signedDocumentOf,
  summariseAnswers,
  wordingUiSchema,
} from '../../../runtime/funnel';
import { claimWording } from '../funnelWordingText';
import { schemaWordsOf } from '../funnelSchemaWordsText';
import { letterParagraphs, type LetterOfAuthority } from '../../../runtime/funnel';
import { resolvePath } from '../../../runtime/funnel';
import { claimContactOf } from '../../../runtime/claim';
import type { Funnel, FunnelPage, FunnelRegistry } from '../../../runtime/funnel';
import { useAppDispatch } from '../../../store/hooks';
import {
  claimSubmitRequested,
  pageSubmitted,
  type ClaimDraft,
} from '../../../store/slices/claimSlice';
import { ClaimConfirmation } from './ClaimConfirmation';
import { fieldIdOf } from '../renderers/fieldErrors';
import { changeAnswerUrl, pageUrl } from '../pageUrl';
import { paths } from '../../paths';
import { StepForm } from '../renderers/StepForm';
import { SyncStatusLine } from '../step/SyncStatusLine';
import { SaveAndComeBackLink } from '../step/SaveAndComeBackLink';
import { useKeptEdits } from '../useKeptEdits';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';
import '../widgets/signature/signature.css';

/**
 * The letter of authority exactly as the funnel holds it (the gateway stores and hashes the
 * same text): paragraphs split at blank lines, lines starting "- " as a list.
 */
function LetterOfAuthorityText({ letter }: { letter: LetterOfAuthority }) {
  return (
    <section className="letter" aria-labelledby="letter-of-authority-title" data-testid="letter">
      <h3 id="letter-of-authority-title">{letter.title}</h3>
      <p className="letter__version">
        {claimPagesText('review.letterVersion', { version: letter.version })}
      </p>
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

/** How a yes/no answer reads on the check page, in the page's language. */
const answerWords = () => ({ yes: claimPagesText('review.yes'), no: claimPagesText('review.no') });

interface ReviewAndSignProps {
  /** The registry holding the funnel at the claim's version. */
  registry: FunnelRegistry;
  /** Shown above the answers (the offer of a newer version). */
  notice?: ReactNode;
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
// eslint-disable-next-line max-lines-per-function -- the check and sign page, drawn top to bottom; not yet split
export function ReviewAndSign({
  registry,
  notice,
  funnel,
  page,
  uid,
  draft,
  backLink,
  heading,
}: ReviewAndSignProps) {
  const dispatch = useAppDispatch();
  const keepEdit = useKeptEdits(funnel.funnelId, uid, page.pageId);
  const wording = claimWording(funnel);
  const path = resolvePath(funnel, draft.answers, registry.evaluateCondition);

  if (draft.status === 'submitted') {
    // A sent claim has its own page (own URL and title "Claim submitted"); the step page
    // hands over to it, so the confirmation is announced as a new page.
    if (draft.claimId) return <Navigate to={paths.claim(funnel.funnelId, draft.claimId)} />;
    return (
      <ClaimConfirmation
        funnel={funnel}
        uid={uid}
        claim={{
          claimId: draft.claimId,
          reference: draft.reference,
          submittedAt: draft.submittedAt,
          withdrawnAt: null,
        }}
        files={filesOfClaim(draft.answers)}
      />
    );
  }

  const answeredPages = path.filter((p) => p.pageId !== page.pageId && p.kind !== 'exit');
  const words = schemaWordsOf(funnel);
  const signSchema = registry.bundlePageSchema(page.schema)!;
  const submitting = draft.submission.state === 'submitting';
  return (
    <div className="narrow">
      {backLink}
      {notice}
      <StepForm
        key={`${funnel.funnelId}/${page.pageId}`}
        // RJSF has a JSON Schema type of its own; the signing page's schema is one.
        schema={signSchema as RJSFSchema}
        // A shared schema's texts in the funnel's words; the schema RJSF validates with stays as written.
        uiSchema={wordingUiSchema(signSchema, words, page.uiSchema) as UiSchema | undefined}
        initialAnswers={draft.typed[page.pageId] ?? draft.answers[page.pageId]}
        onEdit={keepEdit}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        submitLabel={submitting ? wording.submittingButton : wording.submitButton}
        claimantName={claimContactOf(funnel.roles, draft.answers).name ?? undefined}
        busy={submitting}
        onValid={(data) => {
          dispatch(
            pageSubmitted({
              funnelId: funnel.funnelId,
              ownerUid: uid,
              pageId: page.pageId,
              answers: data,
              nextPageId: null,
              locale: claimLocale(funnel),
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
            {draft.submission.failure.reason === 'refused'
              ? draft.submission.failure.message
              : claimPagesText(
                  draft.submission.failure.reason === 'savedHereOnly'
                    ? 'review.submitSavedHereOnly'
                    : 'review.submitFailed',
                )}
          </div>
        )}
        {answeredPages.map((answered) => {
          // In the page's language, as the claimant answered it: the registry and the
          // funnel's pages (their uiSchema's option labels) are read in it.
          const rows = summariseAnswers(
            schemaInWords(registry.bundlePageSchema(answered.schema) ?? {}, words),
            draft.answers[answered.pageId],
            { uiSchema: answered.uiSchema, words: answerWords() },
          );
          const change = pageUrl(funnel.funnelId, answered.pageId, uid);
          return (
            <section key={answered.pageId} aria-labelledby={`summary-${answered.pageId}`}>
              <h2 id={`summary-${answered.pageId}`}>{answered.title}</h2>
              {rows.length === 0 && draft.answers[answered.pageId] !== undefined ? (
                // An optional page continued from empty: answered as the claimant chose.
                <p>{claimPagesText('review.notAnswered')}</p>
              ) : rows.length === 0 ? (
                <p>
                  <MessageSentence
                    say={claimPagesText}
                    message="review.notAnsweredYet"
                    slots={{
                      answerLink: <Link to={change}>{claimPagesText('review.answerLink')}</Link>,
                    }}
                  />
                </p>
              ) : (
                <dl className="summary-list">
                  {rows.map((row) => (
                    <div className="summary-list__row" key={row.field}>
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                      <dd className="summary-list__actions">
                        <Link to={changeAnswerUrl(change, fieldIdOf(row.field))}>
                          <MessageSentence
                            say={claimPagesText}
                            message="review.change"
                            slots={{
                              // Said to a screen reader, which hears each link out of context.
                              field: <span className="visually-hidden">{row.label}</span>,
                              fieldInSentence: (
                                <span className="visually-hidden">{inSentence(row.label)}</span>
                              ),
                            }}
                          />
                        </Link>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          );
        })}
        <h2>{wording.signHeading}</h2>
        {page.letterOfAuthority && (
          <>
            <p>
              {claimPagesText('review.agreeToLetter', {
                claimNoun: wording.claimNoun,
                ...signedDocumentOf(page.letterOfAuthority),
              })}
            </p>
            <LetterOfAuthorityText letter={page.letterOfAuthority} />
          </>
        )}
      </StepForm>
      <SyncStatusLine funnelId={funnel.funnelId} />
      <SaveAndComeBackLink funnelId={funnel.funnelId} />
    </div>
  );
}
