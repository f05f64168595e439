import { Link } from 'react-router-dom';
import {
  inSentence,
  schemaInWords,
  summariseAnswers,
  type FunnelPage,
  type FunnelRegistry,
  type PageAnswers,
  type SchemaWords,
} from '../../../runtime/funnel';
import { fieldIdOf } from '../renderers/fieldErrors';
import { changeAnswerUrl, pageUrl } from '../pageUrl';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';

/** How a yes/no answer reads on the check page, in the page's language. */
const answerWords = () => ({ yes: claimPagesText('review.yes'), no: claimPagesText('review.no') });

interface AnsweredPageSummaryProps {
  /** The registry holding the funnel at the claim's version. */
  registry: FunnelRegistry;
  funnelId: string;
  /** The funnel's words for shared schemas' texts. */
  words: SchemaWords;
  /** The page answered. */
  page: FunnelPage;
  /** Its answers, if it was continued. */
  answers: PageAnswers | undefined;
  uid: string;
}

/**
 * One answered page on the check page (GOV.UK summary list): its title, then each answer with
 * a "Change" link to its question, or, for a page with nothing to show, whether the claimant
 * left it empty or has yet to answer it.
 */
export function AnsweredPageSummary({
  registry,
  funnelId,
  words,
  page,
  answers,
  uid,
}: AnsweredPageSummaryProps) {
  // In the page's language, as the claimant answered it: the registry and the
  // funnel's pages (their uiSchema's option labels) are read in it.
  const rows = summariseAnswers(
    schemaInWords(registry.bundlePageSchema(page.schema) ?? {}, words),
    answers,
    { uiSchema: page.uiSchema, words: answerWords() },
  );
  const change = pageUrl(funnelId, page.pageId, uid);
  return (
    <section aria-labelledby={`summary-${page.pageId}`}>
      <h2 id={`summary-${page.pageId}`}>{page.title}</h2>
      {rows.length === 0 && answers !== undefined ? (
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
}
