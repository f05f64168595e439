import { onCall } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '../runtime/constants';
import { guardCallableBody } from './call/callableBodyGuard';
import { guardStaleBundle, staleBundleGuardOptions } from './call/staleBundleGuard';
import { readGatewayConfig } from './infra/config';
import { dispatchGatewayCall } from './call/dispatch';

const config = readGatewayConfig();

/**
 * How the gateway scales in production (the emulator ignores these; docs/operator.md,
 * "Load and scaling", says why each): one vCPU serves up to 40 calls at once, since a call mostly waits
 * on Firestore, Auth or an outside service; one instance stays warm so a claimant's first
 * save never waits for a cold start; at most 20 instances (800 calls at once) bound the cost
 * and what Firestore and the outside services see.
 */
const SCALING = {
  cpu: 1,
  memory: '512MiB',
  concurrency: 40,
  minInstances: 1,
  maxInstances: 20,
} as const;

/**
 * The one callable Cloud Function: `{functionName, data, locale}` in (`locale`: the page's
 * language, which its words are said in), the handler's result out.
 * With App Check enforced, the callable protocol refuses a missing or forged token before
 * dispatch (which checks the app id as well). Under `npm start`, a worker left on an old
 * bundle by the emulator's reload hands calls to the current one (staleBundleGuard).
 */
export const gateway = guardStaleBundle(
  guardCallableBody(
    onCall(
      {
        region: FUNCTIONS_REGION,
        cors: true,
        enforceAppCheck: config.appCheck.enforce,
        ...SCALING,
      },
      (request) => dispatchGatewayCall(request, config),
    ),
  ),
  staleBundleGuardOptions(process.env),
);

export { retention } from './retention';
export { draftReminders } from './reminders';
export { evidenceDownload } from './evidenceDownload';
