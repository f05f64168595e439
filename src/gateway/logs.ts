import { logger } from 'firebase-functions/v2';

/**
 * Named log events. Payload values (answers, emails, phone numbers, keys) are never logged:
 * only ids and field names, so logs can be shared without leaking a claimant's data.
 */
export const logs = {
  callRejected(functionName: unknown, reason: string) {
    logger.warn('gateway call rejected', { functionName, reason });
  },
  callFailed(functionName: string, error: unknown) {
    logger.error('gateway call failed', {
      functionName,
      error: error instanceof Error ? error.message : String(error),
    });
  },
  rateLimited(functionName: string, uid: string, scope: string) {
    logger.warn('gateway call rate limited', { functionName, uid, scope });
  },
  lookupFailed(service: string, detail: { kind: string; status?: number; detail?: string }) {
    logger.warn(`${service} lookup failed`, detail);
  },
  lookupCacheFailed(operation: string, key: string, error: unknown) {
    logger.warn('lookup cache failed', {
      operation,
      key,
      error: error instanceof Error ? error.message : String(error),
    });
  },
  claimSubmitted(claimId: string, funnelId: string) {
    logger.info('claim submitted', { claimId, funnelId });
  },
  anonymousUserMerged(
    anonymousUid: string,
    uid: string,
    outcome: { moved: string[]; choices: string[]; authUserDeleted: boolean },
  ) {
    logger.info('anonymous user merged', { anonymousUid, uid, ...outcome });
  },
  anonymousUserUpgradedByLink(uid: string) {
    logger.info('anonymous user upgraded by sign-in link', { uid });
  },
  saveAndReturnRequested(uid: string, funnelId: string) {
    logger.info('save and return link requested', { uid, funnelId });
  },
  saveAndReturnCompleted(requestUid: string, uid: string, outcome: 'same-uid' | 'merged') {
    logger.info('save and return link completed', { requestUid, uid, outcome });
  },
  claimWithdrawn(claimId: string, funnelId: string) {
    logger.info('claim withdrawn', { claimId, funnelId });
  },
  claimStageChanged(claimId: string, from: string, to: string) {
    logger.info('claim stage changed', { claimId, from, to });
  },
  dataExported(uid: string) {
    logger.info('claimant data exported', { uid });
  },
  accountDeleted(uid: string, outcome: { draftsDeleted: number; keptClaims: number }) {
    logger.info('account deleted', { uid, ...outcome });
  },
  unknownFunnelVersion(funnelId: string, version: number) {
    logger.error('claim on a funnel version this deployment does not hold', { funnelId, version });
  },
  claimMigrated(claimId: string, funnelId: string, from: number, to: number) {
    logger.info('draft moved to a newer funnel version', { claimId, funnelId, from, to });
  },
  draftDeleted(claimId: string, funnelId: string) {
    logger.info('draft deleted', { claimId, funnelId });
  },
};
