import type { CallableRequest } from 'firebase-functions/v2/https';
import type { GatewayFunctionName } from '../runtime/contract';
import { sessionEnded } from './errors';
import { adminAuth } from './firebaseAdmin';
import { logs } from './logs';

/**
 * Functions that change what is stored. The callable protocol checks an ID token's
 * signature and expiry only, so a deleted, disabled or signed-out-everywhere user could keep
 * writing for up to an hour; these check revocation too (one Auth read per call).
 */
const WRITES: ReadonlySet<GatewayFunctionName> = new Set<GatewayFunctionName>([
  'setUserContactDetails',
  'saveProfile',
  'saveAnswers',
  'submitClaim',
  'startClaim',
  'mergeAnonymousUser',
  'chooseDraft',
  'deleteDraft',
  'requestSaveAndReturn',
  'renewSaveAndReturn',
  'completeSaveAndReturn',
  'withdrawClaim',
  'deleteMyAccount',
]);

/** Refuses a write whose caller was deleted, disabled or had their sessions revoked. */
export async function requireLiveSession(
  request: CallableRequest<unknown>,
  functionName: GatewayFunctionName,
): Promise<void> {
  if (!WRITES.has(functionName)) return;
  const header = request.rawRequest?.headers?.authorization ?? '';
  const idToken = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  try {
    await adminAuth().verifyIdToken(idToken, true);
  } catch (error) {
    logs.callRejected(functionName, `session not live: ${(error as { code?: string }).code}`);
    throw sessionEnded();
  }
}
