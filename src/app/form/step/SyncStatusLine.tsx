import { useAppSelector } from '../../../store/hooks';

/**
 * Where the claimant's answers stand, announced politely to screen readers: saved, being
 * saved, kept on this device until the connection is back, or refused (with the reason).
 */
export function SyncStatusLine({ funnelId }: { funnelId: string }) {
  const sync = useAppSelector((state) => state.claim.byFunnel[funnelId]?.sync);
  return (
    <p className="sync-status" role="status" aria-live="polite" data-testid="sync-status">
      {sync?.state === 'saving' && 'Saving your answers…'}
      {sync?.state === 'saved' && 'Your answers are saved.'}
      {sync?.state === 'failed' && sync.message}
    </p>
  );
}
