/**
 * Server state, the one way: an RTK Query API over the gateway client. Screens read with
 * the generated hooks (`useListClaimsQuery`), change with mutations, and listeners and
 * thunks call `gatewayApi.endpoints.<name>.initiate(...)`; nothing in app/ calls the
 * gateway itself. Every endpoint is one gateway functionName with its contract types.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { callGateway, GatewayError, type GatewayFieldError } from '../platform/gatewayClient';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../runtime/contract';

/** A failed call as the store keeps it (serializable, unlike GatewayError). */
export interface GatewayQueryError {
  /** The callable error code without its prefix: `invalid-argument`, `unavailable`, ... */
  code: string;
  message: string;
  fields: GatewayFieldError[];
}

export interface GatewayCall<F extends GatewayFunctionName = GatewayFunctionName> {
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
    return { error: { code: 'unavailable', message: (error as Error).message, fields: [] } };
  }
};

/** The request of a gateway function as an RTK Query `query`. */
function call<F extends GatewayFunctionName>(functionName: F) {
  return (data: GatewayRequest<F>): GatewayCall => ({ functionName, data });
}

export const gatewayApi = createApi({
  reducerPath: 'gatewayApi',
  baseQuery: gatewayBaseQuery,
  tagTypes: ['Claims', 'Profile'],
  // Claim and profile data change under the claimant (autosave, another tab): refetch a
  // screen's data when it is shown again rather than trusting a minute-old copy.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    getProfile: build.query<GatewayResponse<'getProfile'>, GatewayRequest<'getProfile'>>({
      query: call('getProfile'),
      providesTags: ['Profile'],
    }),
    getClaim: build.query<GatewayResponse<'getClaim'>, GatewayRequest<'getClaim'>>({
      query: call('getClaim'),
      providesTags: ['Claims'],
    }),
    listClaims: build.query<GatewayResponse<'listClaims'>, GatewayRequest<'listClaims'>>({
      query: call('listClaims'),
      providesTags: ['Claims'],
    }),
    getMotorSpecs: build.mutation<
      GatewayResponse<'getMotorSpecs'>,
      GatewayRequest<'getMotorSpecs'>
    >({ query: call('getMotorSpecs') }),
    lookupAddress: build.mutation<
      GatewayResponse<'lookupAddress'>,
      GatewayRequest<'lookupAddress'>
    >({ query: call('lookupAddress') }),
    getLetterOfAuthorityPdf: build.mutation<
      GatewayResponse<'getLetterOfAuthorityPdf'>,
      GatewayRequest<'getLetterOfAuthorityPdf'>
    >({ query: call('getLetterOfAuthorityPdf') }),
  }),
});

export const {
  useGetProfileQuery,
  useGetClaimQuery,
  useListClaimsQuery,
  useGetMotorSpecsMutation,
  useLookupAddressMutation,
  useGetLetterOfAuthorityPdfMutation,
} = gatewayApi;
