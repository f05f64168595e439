import { logger } from 'firebase-functions/v2';

/**
 * Named log events. Payload values (answers, emails, phone numbers, keys) are never logged:
 * only ids and field names, so logs can be shared without leaking a claimant's data.
 */
export const logs = {
  /** Cloud Storage failed under an evidence call (the caller was told to try again later). */
  evidenceStorageFailed(operation: string, error: unknown) {
    logger.error('evidence storage failed', {
      operation,
      error: error instanceof Error ? error.message : String(error),
    });
  },
  evidenceDownloadRefused(reason: string) {
    logger.warn('evidence download refused', { reason });
  },
  callRejected(functionName: unknown, reason: string) {
    logger.warn('gateway call rejected', { functionName, reason });
  },
  /** Info, not a warning: `npm start` has printed the funnel's problems once already. */
  brokenFunnelCall(functionName: string, funnelId: string) {
    logger.info('gateway call refused: the funnel has problems', { functionName, funnelId });
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
  accountSecuredByProof(uid: string, passwordRemoved: boolean) {
    logger.warn('address proved for the first time: earlier password and sessions ended', {
      uid,
      passwordRemoved,
    });
  },
  emailLinkRedeemed(purpose: string, uid: string, signedInAs: string) {
    logger.info('email link redeemed', { purpose, uid, signedInAs });
  },
  mailHeldByRecipientLimit(event: string, claimId: string) {
    logger.warn('email not sent: its address has had too many this hour', { event, claimId });
  },
  accountWaysInEnded(
    uid: string,
    why: 'address-holder-refused' | 'claim-address-proved-elsewhere',
  ) {
    logger.warn('account ways in ended', { uid, why });
  },
  saveAndReturnRequested(uid: string, funnelId: string) {
    logger.info('save and return link requested', { uid, funnelId });
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
