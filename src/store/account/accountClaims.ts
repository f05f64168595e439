import type { ClaimSummary } from '../../runtime/contract';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import type { AppDispatch } from '../storeTypes';

/**
 * A registered claimant's claims, newest change first (gateway: listClaims), for a part of
 * every page such as the header: the gateway's API is loaded only when this is called, so the
 * first page paints without it.
 */
export function listAccountClaims() {
  return async (dispatch: AppDispatch): Promise<ClaimSummary[]> => {
    const api = await loadGatewayApi(dispatch);
    const request = dispatch(api.endpoints.listClaims.initiate({}, { subscribe: false }));
    return (await request.unwrap()).claims;
  };
}
