/**
 * Server state, the one way: an RTK Query API over the gateway client. Screens read with
 * the hooks RTK Query makes on the API (`gatewayApi.useListClaimsQuery`), change with
 * mutations, and listeners and thunks call `gatewayApi.endpoints.<name>.initiate(...)`;
 * nothing in app/ calls the gateway itself. Every endpoint and hook is made from one gateway
 * function's contract entry (runtime/contract): its kind, its cache tags and its types, so
 * none is written or listed by hand.
 *
 * Importing this module adds the API to the store (reducer and middleware): the first page
 * paints without it, and `loadGatewayApi` brings it in on the first gateway call.
 */
import {
  createApi,
  type BaseQueryFn,
  type EndpointBuilder,
  type MutationDefinition,
  type QueryDefinition,
} from '@reduxjs/toolkit/query/react';
import { callGateway, GatewayError } from '../platform/firebaseApp/gatewayClient';
import { isGatewayQueryError, type GatewayQueryError } from './gatewayQueryError';
import { onDemandMiddleware, rootReducer } from './rootReducer';
import {
  gatewayFunctionAreas,
  gatewayFunctionNames,
  gatewayFunctions,
  type CacheTag,
  type GatewayFunctionName,
  type GatewayRequest,
  type GatewayResponse,
} from '../runtime/contract';
import { errorMessageOf } from '../runtime/contract';

export { isGatewayQueryError };

interface GatewayCall<F extends GatewayFunctionName = GatewayFunctionName> {
  functionName: F;
  data: GatewayRequest<F>;
}

const gatewayBaseQuery: BaseQueryFn<GatewayCall, unknown, GatewayQueryError> = async ({
  functionName,
  data,
}) => {
  try {
    return { data: await callGateway(functionName, data) };
  } catch (error) {
    if (error instanceof GatewayError) {
      return { error: { code: error.code, message: error.message, fields: error.fields } };
    }
    // A network failure or a thrown SDK error: the claimant can only try again.
    return {
      error: { code: 'unavailable', message: errorMessageOf(error) ?? String(error), fields: [] },
    };
  }
};

/** The request of a gateway function as an RTK Query `query`. */
function call<F extends GatewayFunctionName>(functionName: F) {
  return (data: GatewayRequest<F>): GatewayCall => ({ functionName, data });
}

type GatewayBaseQuery = typeof gatewayBaseQuery;
const REDUCER_PATH = 'gatewayApi';

/** A function's endpoint, typed from its contract entry: a query or a mutation. */
type EndpointOf<F extends GatewayFunctionName> =
  (typeof gatewayFunctions)[F]['kind'] extends 'query'
    ? QueryDefinition<
        GatewayRequest<F>,
        GatewayBaseQuery,
        CacheTag,
        GatewayResponse<F>,
        typeof REDUCER_PATH
      >
    : MutationDefinition<
        GatewayRequest<F>,
        GatewayBaseQuery,
        CacheTag,
        GatewayResponse<F>,
        typeof REDUCER_PATH
      >;

type GatewayEndpoints<Names extends GatewayFunctionName> = { [F in Names]: EndpointOf<F> };

/**
 * The endpoints of some gateway functions, each made from its contract entry: a query that
 * provides its cache tags, or a mutation that makes them stale.
 */
export function endpointsOf<Names extends GatewayFunctionName>(
  build: EndpointBuilder<GatewayBaseQuery, CacheTag, typeof REDUCER_PATH>,
  names: readonly Names[],
): GatewayEndpoints<Names> {
  // Object.fromEntries loses the per-name keys; every name in `names` gets its endpoint.
  return Object.fromEntries(
    names.map((name) => {
      const { kind, tags } = gatewayFunctions[name];
      return [
        name,
        kind === 'query'
          ? build.query({ query: call(name), providesTags: [...tags] })
          : build.mutation({ query: call(name), invalidatesTags: [...tags] }),
      ];
    }),
  ) as GatewayEndpoints<Names>;
}

/** Every function but the back office's, whose endpoints only staff screens load (staffApi). */
type ClaimantFunctionName = Exclude<GatewayFunctionName, keyof typeof gatewayFunctionAreas.staff>;
const claimantFunctionNames = gatewayFunctionNames.filter(
  (name): name is ClaimantFunctionName => !Object.hasOwn(gatewayFunctionAreas.staff, name),
);

export const gatewayApi = createApi({
  reducerPath: REDUCER_PATH,
  baseQuery: gatewayBaseQuery,
  tagTypes: ['Claims', 'Profile', 'StaffClaims', 'StaffMail'] satisfies CacheTag[],
  // Claim and profile data change under the claimant (autosave, another tab): refetch a
  // screen's data when it is shown again rather than trusting a minute-old copy.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => endpointsOf(build, claimantFunctionNames),
});

rootReducer.inject(gatewayApi);
onDemandMiddleware.addMiddleware(gatewayApi.middleware);
