/**
 * The gateway's RTK Query API, loaded when first needed rather than with the first page
 * (see rootReducer.ts for how it joins the store).
 */
const storesWithApi = new WeakSet<object>();

/**
 * The gateway's API, imported on first use (a gateway call, a screen that reads the server),
 * and in the store of `dispatch`: an injected slice has no state until an action passes
 * through the reducer, and RTK Query refuses to run without it.
 */
export async function loadGatewayApi(dispatch: (action: { type: string }) => unknown) {
  const { gatewayApi } = await import('./gatewayApi');
  if (!storesWithApi.has(dispatch)) {
    storesWithApi.add(dispatch);
    dispatch({ type: 'gatewayApi/addedToStore' });
  }
  return gatewayApi;
}
