import { onCall } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '../runtime/constants';
import { readGatewayConfig } from './config';
import { dispatchGatewayCall } from './dispatch';

const config = readGatewayConfig();

/** The one callable Cloud Function: `{functionName, data}` in, the handler's result out. */
export const gateway = onCall({ region: FUNCTIONS_REGION, cors: true }, (request) =>
  dispatchGatewayCall(request, config),
);

export { retention } from './retention';
