import { onCall } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '../runtime/constants';
import { guardCallableBody } from './call/callableBodyGuard';
import { readGatewayConfig } from './infra/config';
import { dispatchGatewayCall } from './call/dispatch';

const config = readGatewayConfig();

/**
 * The one callable Cloud Function: `{functionName, data}` in, the handler's result out.
 * With App Check enforced, the callable protocol refuses a missing or forged token before
 * dispatch (which checks the app id as well).
 */
export const gateway = guardCallableBody(
  onCall(
    { region: FUNCTIONS_REGION, cors: true, enforceAppCheck: config.appCheck.enforce },
    (request) => dispatchGatewayCall(request, config),
  ),
);

export { retention } from './retention';
export { draftReminders } from './reminders';
