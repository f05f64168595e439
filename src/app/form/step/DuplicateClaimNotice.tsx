import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimSummary } from '../../../runtime/contract';
import { paths } from '../../paths';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

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
  return (
    <div className="narrow" data-testid="duplicate-claim">
      <button type="button" className="link-button back-link" onClick={onBack}>
        Back
      </button>
      <h1 ref={heading} tabIndex={-1}>
        You already have a claim for {registration}
      </h1>
      <p>
        {claims.length === 1
          ? `You have made a claim for ${registration} before:`
          : `You have made ${claims.length} claims for ${registration} before:`}
      </p>
      {claims.map((claim) => (
        <dl className="summary-list" key={claim.claimId} data-testid="duplicate-claim-details">
          <div className="summary-list__row">
            <dt>Reference</dt>
            <dd>{claim.reference ?? 'Not sent yet'}</dd>
          </div>
          <div className="summary-list__row">
            <dt>Status</dt>
            <dd>
              {claim.status === 'submitted' ? (
                <strong className="tag tag--green">Submitted</strong>
              ) : (
                <strong className="tag">In progress</strong>
              )}
            </dd>
          </div>
          <div className="summary-list__row">
            <dt>Last changed</dt>
            <dd>{DATE.format(new Date(claim.updatedAt))}</dd>
          </div>
        </dl>
      ))}
      <p>You only need one claim for each {(latest.subjectLabel ?? 'subject').toLowerCase()}.</p>
      <div className="button-group">
        <Link className="button" to={paths.claim(latest.funnelId, latest.claimId)}>
          Go to that claim
        </Link>
        <button type="button" className="button button--secondary" onClick={onContinueAnyway}>
          Make a new claim for {registration} anyway
        </button>
      </div>
    </div>
  );
}
