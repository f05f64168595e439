import { funnelLocale } from '../../../runtime/funnel';
import { claimRepository } from '../../repositories/claimRepository';
import { internalError } from '../../call/errors';
import { toClaimView } from '../../repositories/claimRepository';
import {
  knownAnswersAmong,
  otherClaimsNamingAVehicleAmong,
  pinnedVersionOf,
  requireFunnel,
} from './claimLookup';
import type { Handler } from '../handler';
import { inTransaction } from '../../repositories/transaction';

/**
 * Starts the caller's next claim in a funnel (another vehicle, after a submitted claim): an
 * empty draft that becomes their current claim, on the funnel's first page. A claimant has
 * at most one draft per funnel, so while one exists this returns it and writes nothing (a
 * double click starts one claim).
 */
export const startClaim: Handler<'startClaim'> = async (data, context) => {
  const funnel = requireFunnel(data.funnelId);
  // Two tabs (or a double click) starting the next claim at once race to create it: the
  // loser runs again and finds the draft the winner made.
  const claimId = await inTransaction(
    async (tx) => {
      const { claim, nextClaimId } = await claimRepository.current(context.uid, data.funnelId, tx);
      if (claim?.data.status === 'draft') return claim.claimId;
      // A new claim starts on the current version.
      const { version, hash } = pinnedVersionOf(null, funnel.funnelId);
      claimRepository.createDraftIn(tx, nextClaimId, {
        uid: context.uid,
        funnelId: funnel.funnelId,
        funnelVersion: { version, hash },
        currentPageId: funnel.pages[0]?.pageId ?? '',
        locale: funnelLocale(funnel),
      });
      return nextClaimId;
    },
    { retryCreateRace: true },
  );
  const claims = await claimRepository.listOf(context.uid);
  const claim = claims.find((stored) => stored.claimId === claimId);
  if (!claim) throw internalError();
  return {
    claim: toClaimView(claim.claimId, claim.data),
    otherClaims: otherClaimsNamingAVehicleAmong(claims, data.funnelId, claimId),
    knownAnswers: await knownAnswersAmong(context.uid, claims, claim),
  };
};
