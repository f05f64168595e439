import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ClaimSummary } from '../../runtime/contract';
import { latestClaimOf } from '../../store/latestClaim';
import { listAccountClaims } from '../../store/account/accountClaims';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageUrl } from '../form/pageUrl';
import { paths } from '../paths';

/** This browser's record of the claim it had open last. */
type LatestClaim = NonNullable<ReturnType<typeof latestClaimOf>>;

/** Another tab's change to this browser's claims. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** A claim as the link needs it, from this browser's record or the account's list. */
interface ClaimPlace extends LatestClaim {
  touchedAt: number;
}

function placeOf(claim: ClaimSummary): ClaimPlace {
  return {
    funnelId: claim.funnelId,
    claimId: claim.claimId,
    currentPageId: claim.currentPageId,
    sent: claim.status === 'submitted',
    touchedAt: Date.parse(claim.updatedAt),
  };
}

/**
 * Where "Your claim" leads: the more recent of the claim this browser had open last and the
 * account's most recently changed claim (`accountClaims`, newest first, for a registered
 * claimant: on a new device the browser has none). A sent claim's page; a draft where the
 * claimant stopped; the home page when there is no claim, or a draft not yet past its first
 * page (the home page offers its funnel's start again; the funnel registry is not read here,
 * as the Not Found page, which every guard may draw, uses this link and loads without it).
 */
export function yourClaimLink(
  uid: string | undefined,
  local: LatestClaim | null,
  accountClaims: readonly ClaimSummary[] | undefined,
): string {
  if (!uid) return paths.home();
  const places = [
    ...(local ? [{ ...local, touchedAt: local.touchedAt ?? 0 }] : []),
    ...(accountClaims?.[0] ? [placeOf(accountClaims[0])] : []),
  ];
  const latest = places.sort((a, b) => b.touchedAt - a.touchedAt)[0];
  if (!latest) return paths.home();
  if (latest.sent && latest.claimId) return paths.claim(latest.funnelId, latest.claimId);
  if (!latest.currentPageId) return paths.home();
  return pageUrl(latest.funnelId, latest.currentPageId, uid);
}

/**
 * The header's "Your claim" link (yourClaimLink). A registered claimant's claims are asked of
 * the gateway (its API loaded only then), and so are those of a session a claim's link opened
 * on a new device; an anonymous session's are in this browser only. A prerendered page is
 * drawn, and hydrates, with the home page.
 */
export function useYourClaimLink(): string {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectAuthUser);
  const uid = user?.uid;
  const fromServer = !!user && (!user.isAnonymous || user.fromLink === true);
  const [account, setAccount] = useState<{ uid: string; claims: ClaimSummary[] }>();
  useEffect(() => {
    if (!fromServer || !uid) return;
    let live = true;
    dispatch(listAccountClaims()).then(
      (claims) => live && setAccount({ uid, claims }),
      // Unanswered, the link is this browser's claim (or home): nothing to tell the claimant.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dispatch, fromServer, uid]);
  const accountClaims = fromServer && account && account.uid === uid ? account.claims : undefined;
  // Re-read whenever the claimant's claims change in this tab.
  useAppSelector((state) => state.claim.byFunnel);
  return useSyncExternalStore(
    subscribe,
    () => yourClaimLink(uid, uid ? latestClaimOf(uid) : null, accountClaims),
    paths.home,
  );
}
