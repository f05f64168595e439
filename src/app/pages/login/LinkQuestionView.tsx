import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { LinkQuestion } from '../../../runtime/contract';
import { dateTimeFormat } from '../../locale/localeFormats';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';

const DAY = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Asked before a link changes who this browser is signed in as, or moves its claims: which
 * account (or whose claim) the link opens, and what becomes of what is here. Staying is the
 * first choice and changes nothing. A claim or support link that would leave a claim in
 * progress in an anonymous session (which nobody could open again) offers only to save it
 * first.
 */
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
export function LinkQuestionView({
  question,
  purpose,
  uid,
  onYes,
}: {
  question: LinkQuestion;
  purpose: string;
  uid: string;
  onYes: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [first] = question.claimsInProgress;
  const stay = first?.pageId
    ? pageUrl(first.funnelId, first.pageId, uid)
    : first
      ? paths.yourClaims()
      : paths.home();
  const opensClaim = purpose === 'claim' || purpose === 'support';
  const inProgress = question.claimsInProgress.length > 0 && (
    <ul className="list">
      {question.claimsInProgress.map((claim) => (
        <li key={claim.funnelId}>{claim.title}</li>
      ))}
    </ul>
  );
  // Sent claims count as much: they move, or are left, with the rest.
  const sent = question.claimsSent.length > 0 && (
    <ul className="list">
      {question.claimsSent.map((claim, index) => (
        <li key={`${claim.funnelId}-${index}`}>{claim.title}</li>
      ))}
    </ul>
  );
  const started = question.opens?.startedAt ? DAY.format(new Date(question.opens.startedAt)) : '';

  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {accountText(opensClaim ? 'switch.heading' : 'opening.accountTitle')}
      </h1>
      {opensClaim && question.opens && (
        <p>
          {question.signsInAs.name
            ? accountText('switch.whose', {
                name: question.signsInAs.name,
                title: question.opens.title,
                date: started,
              })
            : accountText('switch.whoseNoName', { title: question.opens.title, date: started })}
        </p>
      )}
      {opensClaim && !question.opens && (question.signsInAs.name ?? question.signsInAs.email) && (
        <p>
          {accountText('switch.who', {
            who: (question.signsInAs.name ?? question.signsInAs.email)!,
          })}
        </p>
      )}
      {!opensClaim && question.signsInAs.email && (
        <p>{accountText('opening.signsInAs', { email: question.signsInAs.email })}</p>
      )}
      {!opensClaim && question.signsInAs.createdAt && (
        <p>
          {accountText('opening.accountMade', {
            date: DAY.format(new Date(question.signsInAs.createdAt)),
          })}
        </p>
      )}
      {question.signedInAs && (
        <p>{accountText('opening.signedInNow', { email: question.signedInAs })}</p>
      )}
      {question.claimsMove && inProgress && (
        <>
          <p>{accountText('opening.claimsMove')}</p>
          {inProgress}
        </>
      )}
      {!question.claimsMove && inProgress && (
        <>
          <p>{accountText('switch.inProgressHere')}</p>
          {inProgress}
        </>
      )}
      {sent && (
        <>
          <p>{accountText(question.claimsMove ? 'opening.sentClaimsMove' : 'switch.sentHere')}</p>
          {sent}
        </>
      )}
      {opensClaim && question.mustSaveFirst && (
        <p>
          <AccountSentence
            message="switch.notInAccount"
            slots={{
              saveLink: (
                <Link to={paths.saveAndReturn(first!.funnelId)}>
                  {accountText('switch.saveLink')}
                </Link>
              ),
            }}
          />
        </p>
      )}
      {opensClaim && !question.mustSaveFirst && inProgress && (
        <p>{accountText('switch.inAccount')}</p>
      )}
      {/* A claim link with a claim in progress here has said when to stay, just above. */}
      {!(opensClaim && inProgress) && (
        <p>{accountText(opensClaim ? 'switch.noClaimInProgress' : 'opening.notYou')}</p>
      )}
      <div className="button-group">
        <Link to={stay} className="button" replace>
          {accountText(first ? 'switch.stay' : 'opening.stay')}
        </Link>
        {!question.mustSaveFirst && (
          <button type="button" className="button button--secondary" onClick={onYes}>
            {accountText(
              !opensClaim ? 'opening.yes' : inProgress ? 'switch.switch' : 'switch.open',
            )}
          </button>
        )}
      </div>
    </div>
  );
}
