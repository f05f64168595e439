/**
 * The back office's endpoints, injected into the gateway API by the staff screens that
 * import this module, so a claimant's browser never loads them.
 */
import type { GatewayRequest, GatewayResponse } from '../runtime/contract';
import { call, gatewayApi } from './gatewayApi';

export const staffApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['StaffClaims', 'StaffMail'] })
  .injectEndpoints({
    endpoints: (build) => ({
      staffListClaims: build.query<
        GatewayResponse<'staffListClaims'>,
        GatewayRequest<'staffListClaims'>
      >({ query: call('staffListClaims'), providesTags: ['StaffClaims'] }),
      staffExportClaims: build.mutation<
        GatewayResponse<'staffExportClaims'>,
        GatewayRequest<'staffExportClaims'>
      >({ query: call('staffExportClaims') }),
      staffGetClaim: build.query<GatewayResponse<'staffGetClaim'>, GatewayRequest<'staffGetClaim'>>(
        { query: call('staffGetClaim'), providesTags: ['StaffClaims'] },
      ),
      staffGetLetterOfAuthorityPdf: build.mutation<
        GatewayResponse<'staffGetLetterOfAuthorityPdf'>,
        GatewayRequest<'staffGetLetterOfAuthorityPdf'>
      >({ query: call('staffGetLetterOfAuthorityPdf') }),
      staffMoveClaim: build.mutation<
        GatewayResponse<'staffMoveClaim'>,
        GatewayRequest<'staffMoveClaim'>
      >({ query: call('staffMoveClaim'), invalidatesTags: ['StaffClaims', 'StaffMail'] }),
      staffListMail: build.query<GatewayResponse<'staffListMail'>, GatewayRequest<'staffListMail'>>(
        { query: call('staffListMail'), providesTags: ['StaffMail'] },
      ),
      staffFunnelDropOff: build.query<
        GatewayResponse<'staffFunnelDropOff'>,
        GatewayRequest<'staffFunnelDropOff'>
      >({ query: call('staffFunnelDropOff'), providesTags: ['StaffClaims'] }),
    }),
  });

export const {
  useStaffListClaimsQuery,
  useStaffExportClaimsMutation,
  useStaffGetClaimQuery,
  useStaffMoveClaimMutation,
  useStaffGetLetterOfAuthorityPdfMutation,
  useStaffListMailQuery,
  useStaffFunnelDropOffQuery,
} = staffApi;
