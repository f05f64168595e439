import type { Timestamp } from 'firebase-admin/firestore';
import type { ClaimDocument } from '../../repositories/documents/claimDocument';
import { ABOUT_THE_CLAIMANT_KEYWORD, collectKnownAnswers } from '../../../runtime/claim';
import { PROFILE_SOURCE_PAGE } from '../../../runtime/constants';
import type { ClaimSummary, GatewayResponse } from '../../../runtime/contract';
import type { FunnelRegistry } from '../../../runtime/funnel';
import { userRepository } from '../../repositories/userRepository';
import { internalError, invalidArgument } from '../../call/errors';
import { gatewayText } from '../../gatewayText';
import { logs } from '../../infra/logs';
import { funnelRegistry, funnelVersions, rolesOf } from '../../infra/funnelRegistry';
import {
  claimRepository,
  currentAmong,
  toClaimView,
  type StoredClaim,
} from '../../repositories/claimRepository';

/** How the claim handlers find a funnel and a claim, shared so each finds them one way. */

export function requireFunnel(funnelId: string) {
  const funnel = funnelRegistry().getFunnel(funnelId);
  if (!funnel)
    throw invalidArgument(gatewayText('claim.unknownFunnel', { funnelId }), [
      { field: 'data.funnelId', message: 'is not a known funnel' },
    ]);
  return funnel;
}

/** The version a claim is on, with the registry that holds it. */
interface PinnedVersion {
  registry: FunnelRegistry;
  version: number;
  /** Its content hash, as claims record it. */
  hash: string;
}

/**
 * The funnel version `claim` is pinned to, or the current version for a claim not yet made
 * (a new claim starts on it). Claims saved before hashes were recorded are on their version.
 * @throws internalError when the claim's version is not in this deployment (a published
 *   snapshot was removed): nothing is saved against another version.
 */
export function pinnedVersionOf(claim: StoredClaim | null, funnelId: string): PinnedVersion {
  const versions = funnelVersions();
  const version = claim
    ? Number(claim.data.funnelVersion)
    : versions.current.getFunnel(funnelId)!.version;
  const registry = versions.at(funnelId, version);
  const hash = versions.hashOf(funnelId, version);
  if (!registry || !hash) {
    logs.unknownFunnelVersion(funnelId, version);
    throw internalError();
  }
  return { registry, version, hash };
}

/** A claim just written by this call, read back as the browser sees it. */
export async function readView(uid: string, claimId: string) {
  const stored = await claimRepository.findOwned(uid, claimId);
  if (!stored) throw internalError();
  return toClaimView(stored.claimId, stored.data);
}

/** The caller's claim `claimId` in the funnel, or their current claim there without an id. */
export async function findClaim(uid: string, funnelId: string, claimId: string | undefined) {
  if (claimId === undefined) return (await claimRepository.current(uid, funnelId)).claim;
  const stored = await claimRepository.findOwned(uid, claimId);
  return stored?.data.funnelId === funnelId ? stored : null;
}

/**
 * findClaim over claims already listed (all the caller's, so ownership holds), for a
 * handler that needs the list for something else too: one query instead of two.
 */
export function findClaimAmong(
  claims: readonly StoredClaim[],
  funnelId: string,
  claimId: string | undefined,
): StoredClaim | null {
  if (claimId === undefined) return currentAmong(claims, funnelId);
  return (
    claims.find((claim) => claim.claimId === claimId && claim.data.funnelId === funnelId) ?? null
  );
}

/**
 * One line of the "your claims" list (and of a duplicate-vehicle warning). `all`: the
 * claimant's claims, to say whether this is the one they are working on in its funnel.
 */
export function toClaimSummary(
  stored: StoredClaim,
  all: readonly StoredClaim[] = [],
): ClaimSummary {
  const view = toClaimView(stored.claimId, stored.data);
  return {
    claimId: view.claimId,
    funnelId: view.funnelId,
    title: funnelRegistry().getFunnel(view.funnelId)?.title ?? view.funnelId,
    status: view.status,
    stage: view.stage,
    reference: view.reference,
    currentPageId: view.currentPageId,
    subject: subjectOfStored(stored.data),
    subjectLabel: rolesOf(view.funnelId)?.subject?.label ?? null,
    updatedAt: view.updatedAt,
    answeredPageIds: Object.keys(view.answers),
    current: currentAmong(all, view.funnelId)?.claimId === view.claimId,
    startedBeforeSignIn: stored.data.mergedFrom !== undefined,
  };
}

/**
 * A claim's subject as claims compare it (the funnel's subject role, derived when a page
 * saved it); drafts saved before roles kept it as `vehicleRegistration`.
 */
function subjectOfStored(data: ClaimDocument): string | null {
  return data.subject || data.vehicleRegistration || null;
}

/**
 * The caller's other claims in a funnel that name a vehicle (newest first), among the caller's
 * claims already listed, for spotting a second claim for the same vehicle. Never
 * `exceptClaimId` (the claim being edited). Same funnel only: another funnel's claim for the
 * vehicle is a different kind of claim, not a duplicate.
 */
export function otherClaimsNamingAVehicleAmong(
  claims: readonly StoredClaim[],
  funnelId: string,
  exceptClaimId: string | null,
): ClaimSummary[] {
  return claims
    .filter(
      (claim) =>
        claim.data.funnelId === funnelId &&
        claim.claimId !== exceptClaimId &&
        subjectOfStored(claim.data) !== null,
    )
    .map((claim) => toClaimSummary(claim))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

function millisOf(value: Timestamp | undefined): number {
  return value ? value.toMillis() : 0;
}

/**
 * What the caller already told us on pages about themselves (their newest claim's answers
 * and their profile), for a claim's pages not yet answered. Read only for a claim still
 * being answered: a sent claim needs none.
 */
export async function knownAnswersAmong(
  uid: string,
  claims: readonly StoredClaim[],
  claim: StoredClaim | null,
): Promise<GatewayResponse<'getClaim'>['knownAnswers']> {
  if (claim?.data.status === 'submitted') return {};
  const registry = funnelRegistry();
  const profilePage = registry.getPage(PROFILE_SOURCE_PAGE.funnelId, PROFILE_SOURCE_PAGE.pageId);
  return collectKnownAnswers({
    claims: [...claims]
      .sort((a, b) => millisOf(b.data.updatedAt) - millisOf(a.data.updatedAt))
      .map((stored) => ({
        funnelId: stored.data.funnelId,
        answers: stored.data.answers,
      })),
    schemaOfPage: (funnelId, pageId) => registry.getPage(funnelId, pageId)?.schema,
    isAboutTheClaimant: (schemaId) =>
      registry.getPageSchema(schemaId)?.[ABOUT_THE_CLAIMANT_KEYWORD] === true,
    profile: await userRepository.find(uid),
    profileSchemaId: profilePage?.schema ?? '',
  });
}
