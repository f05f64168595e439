import type { FromSchema } from 'json-schema-to-ts';
import type { KnownAnswers } from '../claim/knownAnswers';
import type { FunnelDropOff } from '../claim/funnelDropOff';
import type { EmailLinkPurpose } from '../constants';
import { referralSchema } from './referralSchema';

/** A funnel or page id as funnel files write them (kebab-case, short). */
const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
} as const;
/**
 * A claim's document id (`{uid}_{funnelId}` and its numbered successors): never a `/`, which
 * Firestore would read as a path into another collection.
 */
const claimIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;
/** A "save and come back later" request's id (random, URL-safe). */
const requestIdSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } as const;
/** A single-use link's token, as the link carries it (32 random bytes, base64url). */
const linkTokenSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;

/**
 * The gateway's request contract: one JSON Schema per functionName. The gateway validates
 * every payload against these before a handler runs, and the browser's gateway client takes
 * its argument types from them, so the two sides cannot drift apart.
 */
/** Text a person typed: no NUL or other control characters (a blank profile field is fine). */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';
/** A note may run over lines and hold tabs, but no other control characters. */
const NOTE_CHARACTERS = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';
/** A list's opaque position (base64url), as the list gave it. */
const cursorSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 400,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

/** The staff claims list's filters: the list and its CSV export take the same. */
const staffClaimFilters = {
  funnelId: idSchema,
  stage: idSchema,
  /** Sent on or after this day (UK time is close enough for a filter: dates are UTC). */
  submittedFrom: { type: 'string', format: 'date' },
  submittedTo: { type: 'string', format: 'date' },
  /** A reference, a registration, an email address, or a first or last name. */
  search: { type: 'string', minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
  order: { enum: ['newest', 'oldest'] },
} as const;

export const gatewayRequestSchemas = {
  confirmUserExists: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'phoneNumber'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      phoneNumber: { type: 'string', minLength: 1, maxLength: 32 },
    },
  },
  setUserContactDetails: {
    type: 'object',
    additionalProperties: false,
    required: ['phoneNumber'],
    properties: {
      phoneNumber: { type: 'string', minLength: 1, maxLength: 32 },
    },
  },
  getProfile: {
    type: 'object',
    additionalProperties: false,
    properties: {},
  },
  saveProfile: {
    type: 'object',
    additionalProperties: false,
    required: ['firstName', 'lastName', 'email', 'phoneNumber'],
    properties: {
      firstName: { type: 'string', maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
      lastName: { type: 'string', maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
      email: { type: 'string', maxLength: 254 },
      phoneNumber: { type: 'string', maxLength: 32 },
    },
  },
  saveAnswers: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'pageId', 'answers'],
    properties: {
      funnelId: idSchema,
      pageId: idSchema,
      answers: { type: 'object' },
      /** When each field was last edited on the device (ms since the epoch), for later-wins merges. */
      fieldStamps: {
        type: 'object',
        maxProperties: 200,
        additionalProperties: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
      },
      nextPageId: idSchema,
      referral: referralSchema,
    },
  },
  getClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId'],
    properties: {
      funnelId: idSchema,
      /** A particular claim of the caller's; without it, their current claim in the funnel. */
      claimId: claimIdSchema,
    },
  },
  submitClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId'],
    properties: {
      funnelId: idSchema,
      /** The version of the letter of authority the claimant was shown; refused if it changed. */
      letterOfAuthorityVersion: { type: 'string', minLength: 1, maxLength: 40 },
    },
  },
  getLetterOfAuthorityPdf: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId'],
    properties: {
      funnelId: idSchema,
      /** A particular claim of the caller's; without it, their current claim in the funnel. */
      claimId: claimIdSchema,
    },
  },
  startClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId'],
    properties: {
      funnelId: idSchema,
    },
  },
  getMotorSpecs: {
    type: 'object',
    additionalProperties: false,
    required: ['registrationNumber'],
    properties: {
      registrationNumber: { type: 'string', minLength: 1, maxLength: 16 },
    },
  },
  lookupAddress: {
    type: 'object',
    additionalProperties: false,
    required: ['postcode'],
    properties: {
      postcode: { type: 'string', minLength: 1, maxLength: 16 },
    },
  },
  mergeAnonymousUser: {
    type: 'object',
    additionalProperties: false,
    required: ['anonymousIdToken'],
    properties: {
      // An ID token is a JWT of a few hundred to a couple of thousand characters.
      anonymousIdToken: { type: 'string', minLength: 1, maxLength: 8192 },
    },
  },
  listClaims: {
    type: 'object',
    additionalProperties: false,
    properties: {},
  },
  chooseDraft: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'claimId'],
    properties: { funnelId: idSchema, claimId: claimIdSchema },
  },
  deleteDraft: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'claimId'],
    properties: { funnelId: idSchema, claimId: claimIdSchema },
  },
  requestSaveAndReturn: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'email'],
    properties: {
      funnelId: idSchema,
      email: { type: 'string', format: 'email', maxLength: 254 },
    },
  },
  renewSaveAndReturn: {
    type: 'object',
    additionalProperties: false,
    required: ['requestId', 'email'],
    properties: {
      requestId: requestIdSchema,
      email: { type: 'string', format: 'email', maxLength: 254 },
    },
  },
  requestSignInLink: {
    type: 'object',
    additionalProperties: false,
    required: ['email'],
    properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
  },
  requestEmailProof: {
    type: 'object',
    additionalProperties: false,
    properties: {},
  },
  checkEmailLink: {
    type: 'object',
    additionalProperties: false,
    required: ['token'],
    properties: { token: linkTokenSchema },
  },
  redeemEmailLink: {
    type: 'object',
    additionalProperties: false,
    required: ['token'],
    properties: { token: linkTokenSchema },
  },
  moveDraftToCurrentVersion: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'claimId'],
    properties: { funnelId: idSchema, claimId: claimIdSchema },
  },
  withdrawClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'claimId'],
    properties: {
      funnelId: idSchema,
      claimId: claimIdSchema,
      reason: { type: 'string', maxLength: 1000 },
    },
  },
  exportMyData: {
    type: 'object',
    additionalProperties: false,
    properties: {},
  },
  deleteMyAccount: {
    type: 'object',
    additionalProperties: false,
    required: ['confirm'],
    // The claimant said yes on a confirmation screen: no call deletes an account by accident.
    properties: { confirm: { const: true } },
  },
  // Staff functions (the back office): dispatch refuses every caller without the staff role
  // before anything is read or written.
  staffListClaims: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...staffClaimFilters,
      /** The `nextCursor` of the page before. */
      cursor: cursorSchema,
      pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    },
  },
  /** The filtered list as CSV, a chunk of rows per call (the cursor goes on), never capped. */
  staffExportClaims: {
    type: 'object',
    additionalProperties: false,
    properties: { ...staffClaimFilters, cursor: cursorSchema },
  },
  staffGetClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['claimId'],
    properties: { claimId: claimIdSchema },
  },
  staffGetLetterOfAuthorityPdf: {
    type: 'object',
    additionalProperties: false,
    required: ['claimId'],
    properties: { claimId: claimIdSchema },
  },
  staffMoveClaim: {
    type: 'object',
    additionalProperties: false,
    required: ['claimId', 'from', 'to', 'note'],
    properties: {
      claimId: claimIdSchema,
      /** The stage the member of staff saw: a claim moved by someone else since is refused. */
      from: idSchema,
      to: idSchema,
      note: { type: 'string', maxLength: 2000, pattern: NOTE_CHARACTERS },
    },
  },
  staffListMail: {
    type: 'object',
    additionalProperties: false,
    properties: { cursor: cursorSchema, pageSize: { type: 'integer', minimum: 1, maximum: 100 } },
  },
  /** A funnel version's drop-off, over the claims started in the date range (UTC days). */
  staffFunnelDropOff: {
    type: 'object',
    additionalProperties: false,
    required: ['funnelId', 'funnelVersion'],
    properties: {
      funnelId: idSchema,
      funnelVersion: { type: 'integer', minimum: 1, maximum: 100000 },
      startedFrom: { type: 'string', format: 'date' },
      startedTo: { type: 'string', format: 'date' },
    },
  },
} as const;

export type GatewayFunctionName = keyof typeof gatewayRequestSchemas;

/**
 * Who may call a function: `signed-in` any session (anonymous claimants included),
 * `registered` an account with a sign-in method of its own, `staff` an account holding the
 * staff role now. The dispatcher enforces it before the payload is even read; a function
 * without a role here does not type-check, so none is ever open by omission.
 */
export type GatewayRole = 'signed-in' | 'registered' | 'staff';

export const gatewayFunctionRoles = {
  confirmUserExists: 'signed-in',
  setUserContactDetails: 'signed-in',
  getProfile: 'signed-in',
  saveProfile: 'signed-in',
  saveAnswers: 'signed-in',
  getClaim: 'signed-in',
  submitClaim: 'signed-in',
  getLetterOfAuthorityPdf: 'signed-in',
  startClaim: 'signed-in',
  getMotorSpecs: 'signed-in',
  lookupAddress: 'signed-in',
  mergeAnonymousUser: 'registered',
  listClaims: 'signed-in',
  chooseDraft: 'signed-in',
  deleteDraft: 'signed-in',
  requestSaveAndReturn: 'signed-in',
  renewSaveAndReturn: 'signed-in',
  requestSignInLink: 'signed-in',
  requestEmailProof: 'registered',
  checkEmailLink: 'signed-in',
  redeemEmailLink: 'signed-in',
  moveDraftToCurrentVersion: 'signed-in',
  withdrawClaim: 'signed-in',
  exportMyData: 'signed-in',
  deleteMyAccount: 'signed-in',
  staffListClaims: 'staff',
  staffExportClaims: 'staff',
  staffGetClaim: 'staff',
  staffGetLetterOfAuthorityPdf: 'staff',
  staffMoveClaim: 'staff',
  staffListMail: 'staff',
  staffFunnelDropOff: 'staff',
} as const satisfies Record<GatewayFunctionName, GatewayRole>;

/** The functions of one role, read from the table above. */
export function functionsWithRole(role: GatewayRole): GatewayFunctionName[] {
  return (Object.keys(gatewayFunctionRoles) as GatewayFunctionName[]).filter(
    (name) => gatewayFunctionRoles[name] === role,
  );
}

type Schemas = typeof gatewayRequestSchemas;

/** Each function's payload type, derived from its schema once (a generic FromSchema is too deep for tsc). */
export interface GatewayRequests {
  confirmUserExists: FromSchema<Schemas['confirmUserExists']>;
  setUserContactDetails: FromSchema<Schemas['setUserContactDetails']>;
  getProfile: FromSchema<Schemas['getProfile']>;
  saveProfile: FromSchema<Schemas['saveProfile']>;
  saveAnswers: FromSchema<Schemas['saveAnswers']>;
  getClaim: FromSchema<Schemas['getClaim']>;
  submitClaim: FromSchema<Schemas['submitClaim']>;
  getLetterOfAuthorityPdf: FromSchema<Schemas['getLetterOfAuthorityPdf']>;
  startClaim: FromSchema<Schemas['startClaim']>;
  getMotorSpecs: FromSchema<Schemas['getMotorSpecs']>;
  lookupAddress: FromSchema<Schemas['lookupAddress']>;
  mergeAnonymousUser: FromSchema<Schemas['mergeAnonymousUser']>;
  listClaims: FromSchema<Schemas['listClaims']>;
  chooseDraft: FromSchema<Schemas['chooseDraft']>;
  deleteDraft: FromSchema<Schemas['deleteDraft']>;
  requestSaveAndReturn: FromSchema<Schemas['requestSaveAndReturn']>;
  renewSaveAndReturn: FromSchema<Schemas['renewSaveAndReturn']>;
  requestSignInLink: FromSchema<Schemas['requestSignInLink']>;
  requestEmailProof: FromSchema<Schemas['requestEmailProof']>;
  checkEmailLink: FromSchema<Schemas['checkEmailLink']>;
  redeemEmailLink: FromSchema<Schemas['redeemEmailLink']>;
  moveDraftToCurrentVersion: FromSchema<Schemas['moveDraftToCurrentVersion']>;
  withdrawClaim: FromSchema<Schemas['withdrawClaim']>;
  exportMyData: FromSchema<Schemas['exportMyData']>;
  deleteMyAccount: FromSchema<Schemas['deleteMyAccount']>;
  staffListClaims: FromSchema<Schemas['staffListClaims']>;
  staffExportClaims: FromSchema<Schemas['staffExportClaims']>;
  staffGetClaim: FromSchema<Schemas['staffGetClaim']>;
  staffGetLetterOfAuthorityPdf: FromSchema<Schemas['staffGetLetterOfAuthorityPdf']>;
  staffMoveClaim: FromSchema<Schemas['staffMoveClaim']>;
  staffListMail: FromSchema<Schemas['staffListMail']>;
  staffFunnelDropOff: FromSchema<Schemas['staffFunnelDropOff']>;
}

export type GatewayRequest<F extends GatewayFunctionName> = GatewayRequests[F];

/** The envelope every call sends: `{functionName, data}` (spec section 7). */
export interface GatewayEnvelope<F extends GatewayFunctionName = GatewayFunctionName> {
  functionName: F;
  data: GatewayRequest<F>;
}

export interface UserProfile {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export type ClaimStatus = 'draft' | 'submitted';

export interface ReferralData {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  adId?: string;
  referUrl?: string;
}

/** What the browser sees of a claim. Timestamps are ISO 8601 strings. */
export interface ClaimView {
  claimId: string;
  funnelId: string;
  funnelVersion: number;
  status: ClaimStatus;
  answers: Record<string, Record<string, unknown>>;
  currentPageId: string | null;
  reference: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  /** When the claimant withdrew the sent claim (and its letter of authority), or null. */
  withdrawnAt: string | null;
  /** A sent claim's stage (funnels/lifecycle/claim-stages.json); null for a draft. */
  stage: string | null;
  /** The stages a sent claim has been in, oldest first, with when (ISO 8601); empty for a draft. */
  timeline: Array<{ stage: string; at: string }>;
}

/** The signed letter of authority of a submitted claim, as a PDF file. */
export interface LetterOfAuthorityPdf {
  /** A name to save it under, e.g. `letter-of-authority-VC-AB12-CD34.pdf`. */
  fileName: string;
  /** The PDF's bytes, base64-encoded (the callable protocol carries JSON). */
  base64: string;
}

/** Each function's result. `setUserContactDetails` may carry `exception` (spec section 7). */
export interface GatewayResponses {
  confirmUserExists: { checked: true; accountExists: boolean } | null;
  setUserContactDetails: { ok: true; phoneNumber: string } | { exception: string };
  getProfile: { profile: UserProfile | null };
  saveProfile: { profile: UserProfile };
  /**
   * The save's acknowledgement: the claim it went to, the time it was stamped with, and the
   * page as the server now holds it (the later edit of each field wins, so a newer answer
   * from another tab or device may have been kept over this save's).
   */
  saveAnswers: { claimId: string; updatedAt: string; answers: Record<string, unknown> };
  /**
   * `otherClaims`: the caller's other claims in the funnel that name a vehicle, so the browser
   * can spot a second claim for the same vehicle without another call on Continue.
   * `knownAnswers`: what the claimant already told us on pages about themselves (by page
   * schema id), offered pre-filled on a claim's pages not yet answered.
   */
  getClaim: { claim: ClaimView | null; otherClaims: ClaimSummary[]; knownAnswers: KnownAnswers };
  submitClaim: { claim: ClaimView };
  getLetterOfAuthorityPdf: LetterOfAuthorityPdf;
  startClaim: { claim: ClaimView; otherClaims: ClaimSummary[]; knownAnswers: KnownAnswers };
  getMotorSpecs: MotorSpecsResult;
  lookupAddress: AddressLookupResult;
  mergeAnonymousUser: MergeAnonymousUserResult;
  listClaims: { claims: ClaimSummary[] };
  chooseDraft: { claim: ClaimView };
  deleteDraft: { deleted: true };
  /** The request the emailed link names, and until when it can be renewed (ISO 8601). */
  requestSaveAndReturn: { requestId: string; renewableUntil: string };
  renewSaveAndReturn: { requestId: string; renewableUntil: string };
  /** The link is emailed; it works once, until `expiresAt` (ISO 8601). */
  requestSignInLink: { sent: true; expiresAt: string };
  /** Whether the address was confirmed already; if not, a link to confirm it is emailed. */
  requestEmailProof: { alreadyConfirmed: boolean; email: string };
  /** What a link would do, without using it up. */
  checkEmailLink: {
    live: boolean;
    purpose: EmailLinkPurpose | null;
    /** True when it would sign this browser in as another claimant (the page asks first). */
    switchesClaimant: boolean;
    /** The caller's unsent claims, when it would switch claimant: what the page names. */
    claimsInProgress: Array<{ funnelId: string; title: string; pageId: string | null }>;
    /** Whether the caller is signed in to an account (their claims stay reachable in it). */
    inAccount: boolean;
  };
  redeemEmailLink: EmailLinkRedemption;
  /** The draft on the funnel's current version (its answers migrated), or as it was when already there. */
  moveDraftToCurrentVersion: { claim: ClaimView };
  withdrawClaim: { claim: ClaimView };
  /** Everything held about the caller (UK GDPR subject access), as one JSON document. */
  exportMyData: { data: Record<string, unknown> };
  /** `keptClaims`: sent claims kept, detached from the account, as the privacy notice says. */
  deleteMyAccount: { deleted: true; keptClaims: number };
  staffListClaims: { claims: StaffClaimRow[]; nextCursor: string | null };
  /** CSV lines (without the header) and the cursor of the next chunk, or null at the end. */
  staffExportClaims: { csv: string; rows: number; nextCursor: string | null };
  staffGetClaim: StaffClaimDetail;
  staffGetLetterOfAuthorityPdf: LetterOfAuthorityPdf;
  staffMoveClaim: { claim: StaffClaimRow; entry: ClaimHistoryEntry };
  staffListMail: { mail: MailView[]; nextCursor: string | null };
  staffFunnelDropOff: FunnelDropOff & {
    funnelId: string;
    funnelVersion: number;
    /** The version the site runs now (whose pages are listed). */
    currentVersion: number;
  };
}

/** One line of the staff claims list. Times are ISO 8601. */
export interface StaffClaimRow {
  claimId: string;
  funnelId: string;
  reference: string;
  /** The claim's stage (funnels/lifecycle/claim-stages.json). */
  stage: string;
  claimantName: string | null;
  email: string | null;
  registration: string | null;
  submittedAt: string;
  stageChangedAt: string | null;
}

/** One record of a claim's append-only history. `by` is a uid (staff or the claimant). */
export interface ClaimHistoryEntry {
  id: string;
  event: string;
  at: string;
  by: string | null;
  /** Set for a stage change: the stages it went from and to. */
  from: string | null;
  to: string | null;
  note: string | null;
}

/** What staff see of one sent claim. */
export interface StaffClaimDetail {
  claim: ClaimView;
  row: StaffClaimRow;
  history: ClaimHistoryEntry[];
  /** How it was signed: method, when, from where, and the letter's version and hash. */
  signature: {
    method: string;
    signedAt: string | null;
    ip: string | null;
    userAgent: string | null;
    letterVersion: string | null;
    letterSha256: string | null;
  } | null;
  referral: Record<string, string> | null;
}

/** A `mail` document as the Trigger Email extension will send it. */
export interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  event: string;
  claimId: string | null;
  createdAt: string;
  /** The extension's `delivery.state` once it has handled it (PENDING, SUCCESS, ERROR), or null. */
  deliveryState: string | null;
}

/** What a single-use link is for (sign in, come back later, confirm an address, support). */
export type { EmailLinkPurpose };

/**
 * What redeeming a link did. `signInToken`: a custom token to sign this browser in as `uid`
 * (null for a confirm-your-address link, which signs nobody in). `merged`: the claims moved
 * into the account. `passwordRemoved`: the account had a password set before anyone proved
 * its address; it was removed and every session ended, and the claimant should set their
 * own. `continueAt`: the page of the saved claim to go on from.
 */
export interface EmailLinkRedemption {
  purpose: EmailLinkPurpose;
  uid: string;
  signInToken: string | null;
  merged: MergeAnonymousUserResult | null;
  passwordRemoved: boolean;
  continueAt: { funnelId: string; pageId: string } | null;
}

/** One line of a claimant's "your claims" list. `updatedAt` is ISO 8601. */
export interface ClaimSummary {
  claimId: string;
  funnelId: string;
  title: string;
  status: ClaimStatus;
  /** A sent claim's stage (funnels/lifecycle/claim-stages.json); null for a draft. */
  stage: string | null;
  reference: string | null;
  currentPageId: string | null;
  /** The vehicle's registration, normalised (AB12CDE), once a page has given one. */
  vehicleRegistration: string | null;
  updatedAt: string;
  /** The pages that hold answers, so two drafts can be compared. */
  answeredPageIds: string[];
  /** Whether this is the claim the claimant is working on in its funnel. */
  current: boolean;
  /** Whether it was started in an anonymous session that signing in joined to the account. */
  startedBeforeSignIn: boolean;
}

/**
 * What a merge did: `moved` funnels now hold the anonymous session's claims in the account;
 * in `choices` funnels the account holds two (or more) drafts, named by id, and the claimant
 * chooses which to continue. `profileMerged` says whether blank profile fields were filled
 * from the anonymous profile. `mergedUid` is null when there was nothing left to merge (a
 * retry after success).
 */
export interface MergeAnonymousUserResult {
  mergedUid: string | null;
  moved: string[];
  choices: Array<{ funnelId: string; claimIds: string[] }>;
  profileMerged: boolean;
}

/** A vehicle as the DVLA Vehicle Enquiry Service describes it (it has no model field). */
export interface VehicleSpecs {
  registrationNumber: string;
  make?: string;
  colour?: string;
  fuelType?: string;
  yearOfManufacture?: number;
  /** "YYYY-MM". */
  monthOfFirstRegistration?: string;
  /** Cubic centimetres. */
  engineCapacity?: number;
}

/** One address a claimant can pick for a postcode. */
export interface AddressChoice {
  id: string;
  line1: string;
  line2?: string;
  townOrCity: string;
  postcode: string;
  label: string;
}

/** Addresses at a postcode, or why there are none, in words for the claimant. */
export type AddressLookupResult =
  | { status: 'found'; addresses: AddressChoice[] }
  | { status: 'not-found' | 'not-configured' | 'unavailable'; message: string };

/** A lookup either finds the vehicle or says, in words for the claimant, why not. */
export type MotorSpecsResult =
  | { status: 'found'; vehicle: VehicleSpecs }
  | { status: 'not-found' | 'not-configured' | 'unavailable'; message: string };

export type GatewayResponse<F extends GatewayFunctionName> = GatewayResponses[F];
