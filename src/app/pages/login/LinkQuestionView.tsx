import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { LinkQuestion } from '../../../runtime/contract';
import { dateTimeFormat } from '../../locale/localeFormats';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';

const DAY = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** What each part of the question is told: the question, and whether the link opens a claim. */
interface QuestionProps {
  question: LinkQuestion;
  opensClaim: boolean;
}

/** Where "stay" goes: the claim in progress here (its page, else the claims list), or home. */
function stayUrl(question: LinkQuestion, uid: string): string {
  const [first] = question.claimsInProgress;
  if (first?.pageId) return pageUrl(first.funnelId, first.pageId, uid);
  return first ? paths.yourClaims() : paths.home();
}

/**
 * Asked before a link changes who this browser is signed in as, or moves its claims: which
 * account (or whose claim) the link opens, and what becomes of what is here. Staying is the
 * first choice and changes nothing. A claim or support link that would leave a claim in
 * progress in an anonymous session (which nobody could open again) offers only to save it
 * first.
 */
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
  const opensClaim = purpose === 'claim' || purpose === 'support';
  const inProgress = question.claimsInProgress.length > 0;

  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {accountText(opensClaim ? 'switch.heading' : 'opening.accountTitle')}
      </h1>
      {opensClaim ? (
        <WhoseClaimTheLinkOpens question={question} />
      ) : (
        <WhoseAccountTheLinkOpens question={question} />
      )}
      {question.signedInAs && (
        <p>{accountText('opening.signedInNow', { email: question.signedInAs })}</p>
      )}
      <WhatBecomesOfClaimsHere question={question} opensClaim={opensClaim} />
      {/* A claim link with a claim in progress here has said when to stay, just above. */}
      {!(opensClaim && inProgress) && (
        <p>{accountText(opensClaim ? 'switch.noClaimInProgress' : 'opening.notYou')}</p>
      )}
      <div className="button-group">
        <Link to={stayUrl(question, uid)} className="button" replace>
          {accountText(inProgress ? 'switch.stay' : 'opening.stay')}
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

/** A claim or support link: whose claim it opens and when it was started, or just whose. */
function WhoseClaimTheLinkOpens({ question }: { question: LinkQuestion }) {
  const { opens, signsInAs } = question;
  if (opens) {
    const started = opens.startedAt ? DAY.format(new Date(opens.startedAt)) : '';
    return (
      <p>
        {signsInAs.name
          ? accountText('switch.whose', { name: signsInAs.name, title: opens.title, date: started })
          : accountText('switch.whoseNoName', { title: opens.title, date: started })}
      </p>
    );
  }
  const who = signsInAs.name ?? signsInAs.email;
  return who ? <p>{accountText('switch.who', { who })}</p> : null;
}

/** A sign-in link: the account it signs in to, and when that account was made. */
function WhoseAccountTheLinkOpens({ question }: { question: LinkQuestion }) {
  const { email, createdAt } = question.signsInAs;
  return (
    <>
      {email && <p>{accountText('opening.signsInAs', { email })}</p>}
      {createdAt && (
        <p>{accountText('opening.accountMade', { date: DAY.format(new Date(createdAt)) })}</p>
      )}
    </>
  );
}

/**
 * The claims in this browser, in progress and sent: whether they move with the link or stay
 * here, and for a claim link, whether the one in progress must be saved first.
 */
function WhatBecomesOfClaimsHere({ question, opensClaim }: QuestionProps) {
  const [first] = question.claimsInProgress;
  const inProgress = first !== undefined;
  return (
    <>
      {inProgress && (
        <>
          <p>{accountText(question.claimsMove ? 'opening.claimsMove' : 'switch.inProgressHere')}</p>
          <ClaimTitles claims={question.claimsInProgress} keyOf={(claim) => claim.funnelId} />
        </>
      )}
      {/* Sent claims count as much: they move, or are left, with the rest. */}
      {question.claimsSent.length > 0 && (
        <>
          <p>{accountText(question.claimsMove ? 'opening.sentClaimsMove' : 'switch.sentHere')}</p>
          <ClaimTitles
            claims={question.claimsSent}
            keyOf={(claim, index) => `${claim.funnelId}-${index}`}
          />
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
    </>
  );
}

type TitledClaim = { funnelId: string; title: string };

/** The titles of some claims, as a list. */
function ClaimTitles({
  claims,
  keyOf,
}: {
  claims: TitledClaim[];
  keyOf: (claim: TitledClaim, index: number) => string;
}) {
  return (
    <ul className="list">
      {claims.map((claim, index) => (
        <li key={keyOf(claim, index)}>{claim.title}</li>
      ))}
    </ul>
  );
}
