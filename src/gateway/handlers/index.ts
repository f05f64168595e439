import type { GatewayFunctionName } from '../../runtime/contract';
import type { Handler } from './handler';
import { confirmUserExists } from './confirmUserExists';
import { setUserContactDetails } from './setUserContactDetails';
import { getProfile, saveProfile } from './profile';
import { getClaim, saveAnswers, submitClaim } from './claims';
import { startClaim } from './anotherClaim';
import { getLetterOfAuthorityPdf } from './letterOfAuthority';
import { getMotorSpecs, lookupAddress } from './lookups';
import { chooseDraft, deleteDraft, listClaims, mergeAnonymousUser } from './accounts';
import { renewSaveAndReturn, requestSaveAndReturn } from './saveAndReturn';
import {
  checkEmailLink,
  redeemEmailLink,
  requestEmailProof,
  requestSignInLink,
} from './emailLinks';
import { deleteMyAccount, exportMyData, withdrawClaim } from './claimantRights';
import { moveDraftToCurrentVersion } from './draftMigration';
import {
  staffExportClaims,
  staffGetClaim,
  staffGetLetterOfAuthorityPdf,
  staffListClaims,
  staffListMail,
  staffMoveClaim,
} from './staff';
import { staffFunnelDropOff } from './staffFunnelDropOff';

export type { Handler, HandlerContext } from './handler';

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
  chooseDraft,
  deleteDraft,
  requestSaveAndReturn,
  renewSaveAndReturn,
  requestSignInLink,
  requestEmailProof,
  checkEmailLink,
  redeemEmailLink,
  withdrawClaim,
  moveDraftToCurrentVersion,
  exportMyData,
  deleteMyAccount,
  staffListClaims,
  staffExportClaims,
  staffGetClaim,
  staffGetLetterOfAuthorityPdf,
  staffMoveClaim,
  staffListMail,
  staffFunnelDropOff,
};
