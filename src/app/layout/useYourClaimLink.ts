import { useSyncExternalStore } from 'react';
import { latestClaimOf } from '../../store/claimSync';
import { useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageUrl } from '../form/pageUrl';
import { paths } from '../paths';

/** Another tab's change to this browser's claims. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function linkOf(uid: string | undefined): string {
  const latest = uid ? latestClaimOf(uid) : null;
  if (!uid || !latest) return paths.home();
  if (latest.sent && latest.claimId) return paths.claim(latest.funnelId, latest.claimId);
  // Not yet past its first page: the home page offers that funnel's start again. (The
  // funnel registry is not read here: the Not Found page, which every guard may draw, uses
  // this link and must load without the funnels.)
  if (!latest.currentPageId) return paths.home();
  return pageUrl(latest.funnelId, latest.currentPageId, uid);
}

/**
 * Where the header's "Your claim" leads: the claim the claimant touched last in this browser,
 * in any funnel (a sent one's page, a draft where they stopped), or the home page when they
 * have none. A prerendered page is drawn, and hydrates, with the home page.
 */
export function useYourClaimLink(): string {
  const uid = useAppSelector(selectAuthUser)?.uid;
  // Re-read whenever the claimant's claims change in this tab.
  useAppSelector((state) => state.claim.byFunnel);
  return useSyncExternalStore(subscribe, () => linkOf(uid), paths.home);
}
