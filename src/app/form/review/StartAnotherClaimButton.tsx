import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { startNewClaim } from '../../../store/claimActions/startNewClaim';
import { useAppDispatch } from '../../../store/hooks';
import { funnelRegistry } from '../../funnelRegistry';
import { claimPagesText } from '../claimPagesText';
import { pageUrl } from '../pageUrl';

/**
 * Starts the claimant's next claim in a funnel and opens its first page. The gateway makes
 * the new draft at once (startClaim), so the claim the claimant sees is the same on reload
 * and on every device; while a draft already exists it opens that one instead.
 */
export function StartAnotherClaimButton({
  funnelId,
  uid,
  label = claimPagesText('startAnother.button'),
}: {
  funnelId: string;
  uid: string;
  label?: string;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'starting' | 'failed'>('idle');
  const firstPageId = funnelRegistry().getFunnel(funnelId)?.pages[0]?.pageId ?? 'start';
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={state === 'starting'}
        onClick={async () => {
          setState('starting');
          try {
            await dispatch(startNewClaim(funnelId, uid));
            navigate(pageUrl(funnelId, firstPageId, uid));
          } catch (error) {
            console.error(error);
            setState('failed');
          }
        }}
      >
        {label}
      </button>
      {state === 'failed' && (
        <div className="notice notice--warning" role="alert">
          {claimPagesText('startAnother.failed')}
        </div>
      )}
    </>
  );
}
