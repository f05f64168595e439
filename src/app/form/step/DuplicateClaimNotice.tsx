import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimSummary } from '../../../runtime/contract';
import { paths } from '../../paths';
import { claimPagesText } from '../claimPagesText';
import { formText } from '../formText';
import { dateTimeFormat } from '../../locale/localeFormats';
import { inSentence } from '../../../runtime/funnel';

const DATE = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * GOV.UK interstitial shown instead of the page when the claimant already has a claim for
 * the vehicle they just entered: the existing claim first (most claimants meant to check
 * it), making another one a deliberate second choice.
 */
export function DuplicateClaimNotice({
  registration,
  claims,
  onContinueAnyway,
  onBack,
}: {
  registration: string;
  claims: ClaimSummary[];
  onContinueAnyway: () => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the claimant's feet: say so to screen readers and keyboards.
  useEffect(() => heading.current?.focus(), []);
  const [latest] = claims;
  if (!latest) return null;
  const subject = latest.subjectLabel ?? claimPagesText('duplicate.anySubject');
  return (
    <div className="narrow" data-testid="duplicate-claim">
      <button type="button" className="link-button back-link" onClick={onBack}>
        {formText('step.back')}
      </button>
      <h1 ref={heading} tabIndex={-1}>
        {formText('step.duplicateTitle', { registration })}
      </h1>
      <p>{claimPagesText('duplicate.madeBefore', { count: claims.length, registration })}</p>
      {claims.map((claim) => (
        <dl className="summary-list" key={claim.claimId} data-testid="duplicate-claim-details">
          <div className="summary-list__row">
            <dt>{claimPagesText('duplicate.reference')}</dt>
            <dd>{claim.reference ?? claimPagesText('duplicate.notSent')}</dd>
          </div>
          <div className="summary-list__row">
            <dt>{claimPagesText('duplicate.status')}</dt>
            <dd>
              {claim.status === 'submitted' ? (
                <strong className="tag tag--green">{claimPagesText('duplicate.submitted')}</strong>
              ) : (
                <strong className="tag">{claimPagesText('duplicate.inProgress')}</strong>
              )}
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>{claimPagesText('duplicate.lastChanged')}</dt>
            <dd>{DATE.format(new Date(claim.updatedAt))}</dd>
          </div>
        </dl>
      ))}
      <p>
        {claimPagesText('duplicate.oneClaimEach', {
          subject,
          subjectInSentence: inSentence(subject),
        })}
      </p>
      <div className="button-group">
        <Link className="button" to={paths.claim(latest.funnelId, latest.claimId)}>
          {claimPagesText('duplicate.goToClaim')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onContinueAnyway}>
          {claimPagesText('duplicate.makeAnother', { registration })}
        </button>
      </div>
    </div>
  );
}
