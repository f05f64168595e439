import { type PageAnswers } from '../../../runtime/funnel';
import { draftMigrationPath, migrateAlong, migratePerPage } from '../../../runtime/versions';
import type { FieldStamps } from '../../../runtime/claim';
import { failedPrecondition } from '../../call/errors';
import { funnelVersions, subjectKeyIn } from '../../infra/funnelRegistry';
import { logs } from '../../infra/logs';
import { claimRepository } from '../../repositories/claimRepository';
import { pinnedVersionOf, readView, requireFunnel } from './claimLookup';
import type { Handler } from '../handler';
import { inTransaction } from '../../repositories/transaction';
import { gatewayText } from '../../gatewayText';
import { claimLocaleOf } from '../../mail/mailWords';

/** Stamps of the fields each migrated page still answers under the same name. */
function stampsOfAnswered(
  stamps: Record<string, FieldStamps>,
  answers: Record<string, PageAnswers>,
): Record<string, FieldStamps> {
  return Object.fromEntries(
    Object.entries(stamps)
      .filter(([pageId]) => answers[pageId] !== undefined)
      .map(([pageId, pageStamps]) => [
        pageId,
        Object.fromEntries(
          Object.entries(pageStamps).filter(([field]) => field in answers[pageId]!),
        ),
      ]),
  );
}

/**
 * Moves the caller's draft to the funnel's current version, when every version since its
 * own says drafts move (the funnel's `migration`): its answers are migrated as the funnel
 * JSON says, and it resumes at the first page that now needs an answer. The claim records
 * the version and hash it came from. A sent claim never changes; a draft already on the
 * current version is returned as it is (a double click moves it once).
 */
export const moveDraftToCurrentVersion: Handler<'moveDraftToCurrentVersion'> = async (
  data,
  context,
) => {
  requireFunnel(data.funnelId);
  const versions = funnelVersions();
  const current = versions.current;
  const funnel = current.getFunnel(data.funnelId)!;
  const claimId = await inTransaction(async (tx) => {
    const stored = await claimRepository.findOwnedIn(tx, context.uid, data.claimId);
    if (!stored || stored.data.funnelId !== data.funnelId) {
      throw failedPrecondition(gatewayText('claim.noDraftToMove'));
    }
    // Refused in the language the claim is made in.
    const locale = claimLocaleOf(stored.data);
    if (stored.data.status === 'submitted') {
      throw failedPrecondition(gatewayText('claim.submittedUnchangeable', {}, locale));
    }
    const from = pinnedVersionOf(stored, data.funnelId);
    if (from.version === funnel.version) return stored.claimId;
    const path = draftMigrationPath(versions.steps(data.funnelId), from.version);
    if (!path) {
      throw failedPrecondition(gatewayText('claim.staysOnVersion', {}, locale));
    }
    const answers = migrateAlong(stored.data.answers, path);
    const to = pinnedVersionOf(null, data.funnelId);
    claimRepository.moveToVersionIn(tx, stored.claimId, {
      subject: subjectKeyIn(data.funnelId, answers),
      funnelVersion: { version: to.version, hash: to.hash },
      movedFrom: { version: from.version, hash: from.hash },
      answers,
      answerStamps: stampsOfAnswered(migratePerPage(stored.data.answerStamps ?? {}, path), answers),
      pageSavedAt: migratePerPage(stored.data.pageSavedAt ?? {}, path),
      // Where they resume on the new version: the first page it needs answered.
      currentPageId: to.registry.navigator(data.funnelId)!.resume(answers).pageId,
    });
    logs.claimMigrated(stored.claimId, data.funnelId, from.version, to.version);
    return stored.claimId;
  });
  return { claim: await readView(context.uid, claimId) };
};
