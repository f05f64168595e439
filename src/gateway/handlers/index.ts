import type { GatewayFunctionName } from '../../runtime/contract';
import type { Handler } from './handler';
import { confirmUserExists } from './accounts/confirmUserExists';
import { setUserContactDetails } from './accounts/setUserContactDetails';
import { getProfile, saveProfile } from './accounts/profile';
import { getClaim, saveAnswers, submitClaim } from './claims/claims';
import { startClaim } from './claims/anotherClaim';
import { getLetterOfAuthorityPdf } from './claims/letterOfAuthority';
import { getMotorSpecs, lookupAddress } from './lookups/lookups';
import { chooseDraft, deleteDraft, listClaims, mergeAnonymousUser } from './accounts/accounts';
import { renewSaveAndReturn, requestSaveAndReturn } from './accounts/saveAndReturn';
import { renewClaimLink } from './accounts/claimLinks';
import {
  checkEmailLink,
  redeemEmailLink,
  refuseEmailLink,
  requestEmailProof,
  requestSignInLink,
} from './accounts/emailLinks';
import { deleteMyAccount, exportMyData, withdrawClaim } from './rights/claimantRights';
import { moveDraftToCurrentVersion } from './claims/draftMigration';
import {
  staffExportClaims,
  staffGetClaim,
  staffGetLetterOfAuthorityPdf,
  staffListClaims,
  staffListMail,
  staffMoveClaim,
} from './staff/staff';
import { staffFunnelDropOff } from './staff/staffFunnelDropOff';
import {
  finishUpload,
  getEvidenceLink,
  removeUpload,
  staffGetEvidenceLink,
  startUpload,
} from './evidence/evidenceFiles';

export type { HandlerContext } from './handler';

export { COUNTED_IN_THEIR_TRANSACTION } from './countedInTransaction';

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
  renewClaimLink,
  requestSignInLink,
  requestEmailProof,
  checkEmailLink,
  redeemEmailLink,
  refuseEmailLink,
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
  startUpload,
  finishUpload,
  removeUpload,
  getEvidenceLink,
  staffGetEvidenceLink,
};
