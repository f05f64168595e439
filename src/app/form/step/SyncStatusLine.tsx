import { useAppSelector } from '../../../store/hooks';
import { formText } from '../formText';

/**
 * Where the claimant's answers stand. The live region says each outcome once: saved, kept on
 * this device until the connection is back, or refused (with the reason). "Saving…" is shown
 * beside it but not announced: it comes and goes with every save, and a retry while offline
 * changes nothing here (the state stays "kept on this device" until a save gets through).
 */
export function SyncStatusLine({ funnelId }: { funnelId: string }) {
  const sync = useAppSelector((state) => state.claim.byFunnel[funnelId]?.sync);
  return (
    <div className="sync-status" data-testid="sync-status">
      <p role="status">
        {sync?.state === 'saved' && formText('sync.saved')}
        {sync?.state === 'failed' && (sync.offline ? formText('sync.offline') : sync.message)}
      </p>
      {sync?.state === 'saving' && <p>{formText('sync.saving')}</p>}
    </div>
  );
}
