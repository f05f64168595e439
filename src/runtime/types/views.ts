/**
 * The data the gateway's functions answer with, as the browser and the gateway both see it:
 * types only, so any room may use them without taking in the schemas or the rules.
 */
import type { EmailLinkPurpose } from '../constants';

export interface UserProfile {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  /** The name the claimant gave in any funnel (its name role), as one text; '' when none. */
  name: string;
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
  /**
   * A sent claim's stage, an id of its funnel's stages (its own lifecycle, or the shared
   * file's); null for a draft.
   */
  stage: string | null;
  /** The stages a sent claim has been in, oldest first, with when (ISO 8601); empty for a draft. */
  timeline: Array<{ stage: string; at: string }>;
  /** The language the claimant reads the claim in (a BCP 47 tag: `en-GB`, `cy`). */
  locale: string;
}

/** The signed letter of authority of a submitted claim, as a PDF file. */
export interface LetterOfAuthorityPdf {
  /** A name to save it under, e.g. `letter-of-authority-VC-AB12-CD34.pdf`. */
  fileName: string;
  /** The PDF's bytes, base64-encoded (the callable protocol carries JSON). */
  base64: string;
}

/** One line of the staff claims list. Times are ISO 8601. */
export interface StaffClaimRow {
  claimId: string;
  funnelId: string;
  reference: string;
  /** The claim's stage, an id of its funnel's stages (its lifecycle, or the shared file's). */
  stage: string;
  /** The claimant's name, email and phone, and the claim's subject, read through its funnel's roles. */
  claimantName: string | null;
  email: string | null;
  phone: string | null;
  subject: string | null;
  /** Which of those the funnel asks for: a blank it does not ask reads "not asked". */
  asked: RolesAsked;
  submittedAt: string;
  stageChangedAt: string | null;
}

/** Which roles a funnel asks for, and what its subject is called: what a blank means. */
export interface RolesAsked {
  name: boolean;
  email: boolean;
  phone: boolean;
  /** The subject's label ("Registration"), or null when the funnel names no subject. */
  subjectLabel: string | null;
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
    /** What was signed, as stored with the signature (a claim signed before kinds: authority). */
    letter: { kind: 'authority' | 'declaration' | 'own'; document: string } | null;
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

/** What a single-use link is for (sign in, come back later, confirm an address, support, one claim). */
export type { EmailLinkPurpose };

/**
 * What redeeming a link did. `signInToken`: a custom token to sign this browser in as `uid`
 * (null for a confirm-your-address link, which signs nobody in). `merged`: the claims moved
 * into the account. `passwordRemoved`: the account had a password set before anyone proved
 * its address; it was removed and every session ended, and the claimant should set their
 * own. `continueAt`: the page of the saved claim to go on from. `claim`: the one claim a
 * claim link (in a reminder or a claim's email) opens, draft or sent.
 */
/**
 * What a link asks before it is used, when it was opened where it was not asked for and would
 * change who this browser is signed in as, or move its claims: whom it signs in as, the claim
 * it opens (a claim or support link), and this browser's claims in progress with what
 * becomes of them. Nothing changes until the person says yes; "no" leaves all as it was.
 */
export interface LinkQuestion {
  /** The account or claimant the link signs this browser in as. */
  signsInAs: { email: string | null; name: string | null; createdAt: string | null };
  /** The claim a claim link opens, or the latest of a support link's claimant. */
  opens: { title: string; startedAt: string | null } | null;
  /** This browser's claims in progress (not sent, with answers). */
  claimsInProgress: Array<{ funnelId: string; title: string; pageId: string | null }>;
  /** This browser's sent claims: they move, or are left, as those in progress are. */
  claimsSent: Array<{ funnelId: string; title: string; pageId: string | null }>;
  /** True when those claims move into the account signed in to; false when they stay here. */
  claimsMove: boolean;
  /** The account this browser is signed in to now, or null for an anonymous session. */
  signedInAs: string | null;
  /**
   * Saying yes would leave claims in progress in an anonymous session no one could open
   * again: the page offers only to save them first.
   */
  mustSaveFirst: boolean;
}

export interface EmailLinkRedemption {
  purpose: EmailLinkPurpose;
  uid: string;
  signInToken: string | null;
  merged: MergeAnonymousUserResult | null;
  passwordRemoved: boolean;
  continueAt: { funnelId: string; pageId: string } | null;
  claim: { funnelId: string; claimId: string } | null;
}

/** One line of a claimant's "your claims" list. `updatedAt` is ISO 8601. */
export interface ClaimSummary {
  claimId: string;
  funnelId: string;
  title: string;
  status: ClaimStatus;
  /**
   * A sent claim's stage, an id of its funnel's stages (its own lifecycle, or the shared
   * file's); null for a draft.
   */
  stage: string | null;
  reference: string | null;
  currentPageId: string | null;
  /**
   * The claim's subject (its funnel's subject role: a registration, a flight number) as
   * claims compare it (AB12CDE), once a page has given one.
   */
  subject: string | null;
  /** What the funnel calls its subject ("Registration"), or null when it names none. */
  subjectLabel: string | null;
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

/** One page of a funnel's drop-off (staffFunnelDropOff). */
export interface PageDropOff {
  pageId: string;
  title: string;
  /** Claims that got to the page (answered it, are on it, or were sent from it). */
  reached: number;
  /** Drafts whose claimant is on this page: where they stopped, for now. */
  stoppedHere: number;
  /**
   * Median seconds from the page before it being saved to this one being saved (or sent,
   * for the review-and-sign page); null when no claim could be timed here. A funnel's
   * first page is never timed: the claim starts when it is saved.
   */
  medianSeconds: number | null;
  /** How many claims the median is over. */
  timedClaims: number;
  /** False for a page the funnel no longer has (only claims of an older version have it). */
  inFunnel: boolean;
}

/** A funnel's drop-off, for product owners (staffFunnelDropOff). */
export interface FunnelDropOff {
  /** Claims started (drafts and sent). */
  started: number;
  sent: number;
  /** sent / started, 0 to 1; null when none started. */
  completionRate: number | null;
  pages: PageDropOff[];
}
