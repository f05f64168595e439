/**
 * Server state, the one way: an RTK Query API over the gateway client. Screens read with
 * the generated hooks (`useListClaimsQuery`), change with mutations, and listeners and
 * thunks call `gatewayApi.endpoints.<name>.initiate(...)`; nothing in app/ calls the
 * gateway itself. Every endpoint is one gateway functionName with its contract types.
 *
 * Importing this module adds the API to the store (reducer and middleware): the first page
 * paints without it, and `loadGatewayApi` brings it in on the first gateway call.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { callGateway, GatewayError } from '../platform/gatewayClient';
import { isGatewayQueryError, type GatewayQueryError } from './gatewayQueryError';
import { onDemandMiddleware, rootReducer } from './rootReducer';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../runtime/contract';

export { isGatewayQueryError, type GatewayQueryError };

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
export function call<F extends GatewayFunctionName>(functionName: F) {
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
    chooseDraft: build.mutation<GatewayResponse<'chooseDraft'>, GatewayRequest<'chooseDraft'>>({
      query: call('chooseDraft'),
      invalidatesTags: ['Claims'],
    }),
    deleteDraft: build.mutation<GatewayResponse<'deleteDraft'>, GatewayRequest<'deleteDraft'>>({
      query: call('deleteDraft'),
      invalidatesTags: ['Claims'],
    }),
    requestSaveAndReturn: build.mutation<
      GatewayResponse<'requestSaveAndReturn'>,
      GatewayRequest<'requestSaveAndReturn'>
    >({ query: call('requestSaveAndReturn') }),
    renewSaveAndReturn: build.mutation<
      GatewayResponse<'renewSaveAndReturn'>,
      GatewayRequest<'renewSaveAndReturn'>
    >({ query: call('renewSaveAndReturn') }),
    requestSignInLink: build.mutation<
      GatewayResponse<'requestSignInLink'>,
      GatewayRequest<'requestSignInLink'>
    >({ query: call('requestSignInLink') }),
    requestEmailProof: build.mutation<
      GatewayResponse<'requestEmailProof'>,
      GatewayRequest<'requestEmailProof'>
    >({ query: call('requestEmailProof') }),
    checkEmailLink: build.mutation<
      GatewayResponse<'checkEmailLink'>,
      GatewayRequest<'checkEmailLink'>
    >({ query: call('checkEmailLink') }),
    redeemEmailLink: build.mutation<
      GatewayResponse<'redeemEmailLink'>,
      GatewayRequest<'redeemEmailLink'>
    >({ query: call('redeemEmailLink'), invalidatesTags: ['Claims', 'Profile'] }),
    moveDraftToCurrentVersion: build.mutation<
      GatewayResponse<'moveDraftToCurrentVersion'>,
      GatewayRequest<'moveDraftToCurrentVersion'>
    >({ query: call('moveDraftToCurrentVersion'), invalidatesTags: ['Claims'] }),
    withdrawClaim: build.mutation<
      GatewayResponse<'withdrawClaim'>,
      GatewayRequest<'withdrawClaim'>
    >({ query: call('withdrawClaim'), invalidatesTags: ['Claims'] }),
    exportMyData: build.mutation<GatewayResponse<'exportMyData'>, GatewayRequest<'exportMyData'>>({
      query: call('exportMyData'),
    }),
    deleteMyAccount: build.mutation<
      GatewayResponse<'deleteMyAccount'>,
      GatewayRequest<'deleteMyAccount'>
    >({ query: call('deleteMyAccount'), invalidatesTags: ['Claims', 'Profile'] }),
    saveProfile: build.mutation<GatewayResponse<'saveProfile'>, GatewayRequest<'saveProfile'>>({
      query: call('saveProfile'),
      invalidatesTags: ['Profile'],
    }),
    confirmUserExists: build.mutation<
      GatewayResponse<'confirmUserExists'>,
      GatewayRequest<'confirmUserExists'>
    >({ query: call('confirmUserExists') }),
    setUserContactDetails: build.mutation<
      GatewayResponse<'setUserContactDetails'>,
      GatewayRequest<'setUserContactDetails'>
    >({ query: call('setUserContactDetails'), invalidatesTags: ['Profile'] }),
    mergeAnonymousUser: build.mutation<
      GatewayResponse<'mergeAnonymousUser'>,
      GatewayRequest<'mergeAnonymousUser'>
    >({ query: call('mergeAnonymousUser'), invalidatesTags: ['Claims', 'Profile'] }),
    saveAnswers: build.mutation<GatewayResponse<'saveAnswers'>, GatewayRequest<'saveAnswers'>>({
      query: call('saveAnswers'),
    }),
    startClaim: build.mutation<GatewayResponse<'startClaim'>, GatewayRequest<'startClaim'>>({
      query: call('startClaim'),
      invalidatesTags: ['Claims'],
    }),
    submitClaim: build.mutation<GatewayResponse<'submitClaim'>, GatewayRequest<'submitClaim'>>({
      query: call('submitClaim'),
      invalidatesTags: ['Claims'],
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

rootReducer.inject(gatewayApi);
onDemandMiddleware.addMiddleware(gatewayApi.middleware);

export const {
  useGetProfileQuery,
  useGetClaimQuery,
  useListClaimsQuery,
  useChooseDraftMutation,
  useDeleteDraftMutation,
  useGetMotorSpecsMutation,
  useLookupAddressMutation,
  useGetLetterOfAuthorityPdfMutation,
  useWithdrawClaimMutation,
  useMoveDraftToCurrentVersionMutation,
} = gatewayApi;
