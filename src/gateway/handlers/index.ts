import type { DecodedIdToken } from 'firebase-admin/auth';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../../runtime/contract';
import type { GatewayConfig } from '../config';
import { confirmUserExists } from './confirmUserExists';
import { setUserContactDetails } from './setUserContactDetails';
import { getProfile, saveProfile } from './profile';
import { getClaim, saveAnswers, submitClaim } from './claims';
import { startClaim } from './anotherClaim';
import { getLetterOfAuthorityPdf } from './letterOfAuthority';
import { getMotorSpecs, lookupAddress } from './lookups';
import { listClaims, mergeAnonymousUser } from './accounts';

/** What every handler knows of its caller; `uid` is always present (dispatch checks it). */
export interface HandlerContext {
  uid: string;
  token: DecodedIdToken;
  ip: string | null;
  userAgent: string | null;
  config: GatewayConfig;
}

export type Handler<F extends GatewayFunctionName> = (
  data: GatewayRequest<F>,
  context: HandlerContext,
) => Promise<GatewayResponse<F>>;

/** One handler per functionName; the type makes a missing handler a compile error. */
export const handlers: { [F in GatewayFunctionName]: Handler<F> } = {
  confirmUserExists,
  setUserContactDetails,
  getProfile,
  saveProfile,
  saveAnswers,
  getClaim,
  submitClaim,
  getLetterOfAuthorityPdf,
  startClaim,
  getMotorSpecs,
  lookupAddress,
  mergeAnonymousUser,
  listClaims,
};
