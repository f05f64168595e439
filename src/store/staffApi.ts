/**
 * The back office's endpoints, injected into the gateway API by the staff screens that
 * import this module, so a claimant's browser never loads them. Made from the staff area's
 * contract table, as gatewayApi's are from the rest.
 */
import { gatewayFunctionAreas } from '../runtime/contract';
import { endpointsOf, gatewayApi } from './gatewayApi';

// Object.keys returns string[]; these are the staff area's own keys.
const staffFunctionNames = Object.keys(
  gatewayFunctionAreas.staff,
) as (keyof typeof gatewayFunctionAreas.staff)[];

export const staffApi = gatewayApi.injectEndpoints({
  endpoints: (build) => endpointsOf(build, staffFunctionNames),
});
