/**
 * Every product constant lives here, once. Values marked "fixed" are relied on outside this
 * code (deployed builds, links in emails already sent, firebase.json, the README and
 * docs/operator.md): change one only together with everything that names it.
 */

/** Cloud Functions region of the gateway: London, so claim data stays in the UK (fixed). */
export const FUNCTIONS_REGION = 'europe-west2';

/** Name of the one callable Cloud Function; deployed browsers call it by name (fixed). */
export const GATEWAY_FUNCTION_NAME = 'gateway';

/**
 * The HTTP function that streams a stored evidence file, as an attachment, to whoever holds a
 * short-lived link the gateway gave (links already given name it).
 */
export const EVIDENCE_DOWNLOAD_FUNCTION_NAME = 'evidenceDownload';

/**
 * How long the browser waits for a gateway call before it gives up (the Firebase callable
 * client's own default, set explicitly); the gateway under the emulator drops a call older
 * than this unrun (gateway/call/abandonedCalls.ts).
 */
export const GATEWAY_CALL_TIMEOUT_MS = 70_000;

/** Local project id used by every emulator: a `demo-` id never reaches a real project (fixed). */
export const DEMO_PROJECT_ID = 'demo-vehicle-claims';

/** Emulator ports on 127.0.0.1, as firebase.json, the README and docs/operator.md name them (fixed). */
export const EMULATOR_HOST = '127.0.0.1';
export const EMULATOR_PORTS = {
  auth: 9099,
  functions: 5001,
  firestore: 8080,
  web: 5173,
  /** The emulator hub: `npm start` asks it to save Auth accounts every few seconds. */
  hub: 4400,
  /**
   * Emulators firebase-tools starts beside the Functions emulator unasked (its log stream, the
   * Eventarc and Cloud Tasks emulators): pinned in firebase.json, so every port is known.
   */
  logging: 4500,
  eventarc: 9299,
  tasks: 9499,
  /**
   * Cloud Storage: firebase-tools' own emulator without its rules runtime, run by
   * scripts/stack/storageEmulator.ts (the gateway's Admin SDK and browsers' upload sessions).
   */
  storage: 9199,
} as const;

/**
 * The bucket the gateway uses under the emulators: the Admin SDK's default bucket for the demo
 * project (firebase-tools' default config for a `demo-` project names `<project>.appspot.com`),
 * so `getStorage().bucket()` and `getStorage().bucket(LOCAL_STORAGE_BUCKET)` are one bucket.
 */
export const LOCAL_STORAGE_BUCKET = `${DEMO_PROJECT_ID}.appspot.com`;

/** The sign-in page; password-reset and sign-in-link emails lead back to it (fixed). */
export const LOGIN_PATH = '/login';

/** Where a claimant lands after signing in, including custom-token sign-in. */
export const POST_LOGIN_REDIRECT = '/form/start/';

/**
 * A failed lazy screen load reloads the page at most once per path in this window, so a
 * missing chunk cannot cause a reload loop.
 */
export const RELOAD_GUARD_MS = 10_000;

/** The build manifest is prefetched this long after the browser is idle (first screen first). */
export const MANIFEST_PREFETCH_DELAY_MS = 1_000;

/** How often builds/latest.json is polled for a new build. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/** localStorage keys of the referral data; browsers already hold them under these (fixed). */
export const REFERRAL_STORAGE_KEYS = {
  utmSource: 'referral_utmSource',
  utmMedium: 'referral_utmMedium',
  utmCampaign: 'referral_utmCampaign',
  adId: 'referral_adId',
  referUrl: 'referral_referUrl',
} as const;

/** sessionStorage key under which reload-guard timestamps are remembered. */
export const RELOAD_GUARD_STORAGE_KEY = 'reloadGuard';

/** localStorage key prefix for locally kept claim drafts (answers survive a reload or a crash). */
export const DRAFT_STORAGE_PREFIX = 'claimDraft:';

/**
 * localStorage key of the uid of this browser's last session, so its drafts (kept under
 * DRAFT_STORAGE_PREFIX) are known before Firebase restores the session: index.html's
 * first-paint script and the app's first render read them.
 */
export const LAST_SESSION_STORAGE_KEY = 'claimSession';

/** localStorage key of the analytics consent choice. */
export const CONSENT_STORAGE_KEY = 'cookieConsent';

/**
 * Version of the cookie policy a stored consent choice answered. Raise it when the cookies
 * we set change in a way visitors must be asked about again: older choices are then ignored.
 */
export const CONSENT_POLICY_VERSION = 1;

/** Firestore collection names. */
export const COLLECTIONS = {
  users: 'users',
  claims: 'claims',
  rateLimits: 'rateLimits',
  lookupCache: 'lookupCache',
  /** `saveAndReturn/{requestId}`: a claimant's pending "save and come back later" link. */
  saveAndReturn: 'saveAndReturn',
  /**
   * `emailLinks/{sha256 of the link's secret}`: a single-use link the gateway emailed (sign
   * in, save and come back later, confirm an address) or support minted; redeemed once.
   */
  emailLinks: 'emailLinks',
  /** `emailProofs/{uid}`: the address a link proved this account holds, and when. */
  emailProofs: 'emailProofs',
  /** `claims/{claimId}/history/{eventId}`: what happened to a claim, appended, never changed. */
  claimHistory: 'history',
  /**
   * `evidenceFiles/{fileId}`: a file a claimant uploads to a file question, from its upload
   * session to its deletion (its bytes are in Cloud Storage, never in Firestore).
   */
  evidenceFiles: 'evidenceFiles',
  /** `evidenceLinks/{sha256 of the link's secret}`: a short-lived link to read one stored file. */
  evidenceLinks: 'evidenceLinks',
} as const;

/**
 * The page whose answers fill the claimant's profile (firstName, lastName, email,
 * phoneNumber: the same names). The gateway writes them with the page's save, and the
 * browser's profile slice copies them locally, so no extra call is made.
 */
export const PROFILE_SOURCE_PAGE = { funnelId: 'vehicle-claim', pageId: 'start' } as const;

/** Build id the dev server exposes as VITE_BUILD_ID; only `vite build` emits a build manifest. */
export const DEV_BUILD_ID = 'dev';

/**
 * "Save and come back later": how long a request stays usable, so a claimant whose emailed
 * link has run out (it lasts an hour) can ask for a new one.
 */
export const SAVE_AND_RETURN_REQUEST_DAYS = 7;
/** How long an emailed sign-in or "come back later" link works, as the claimant is told. */
export const SIGN_IN_LINK_VALID_HOURS = 1;

/**
 * How long the link in an email about one claim works (a reminder, claim received, stage
 * changed, withdrawn): such an email is read days later, and the link only opens that claim.
 */
const CLAIM_LINK_VALID_DAYS = 7;

/**
 * How long each kind of single-use link works, in minutes. A support link is handed over by
 * a person, so it is the shortest; a confirm-your-address link may wait for the claimant to
 * read their email tomorrow.
 */
export const EMAIL_LINK_MINUTES = {
  'sign-in': SIGN_IN_LINK_VALID_HOURS * 60,
  'save-and-return': SIGN_IN_LINK_VALID_HOURS * 60,
  'confirm-email': 24 * 60,
  support: 15,
  claim: CLAIM_LINK_VALID_DAYS * 24 * 60,
} as const;

export type EmailLinkPurpose = keyof typeof EMAIL_LINK_MINUTES;

/**
 * The Firebase Auth custom claim that makes an account staff (`{ staff: true }`), granted and
 * removed with `npm run staff`; every staff function of the gateway checks it.
 */
export const STAFF_CLAIM = 'staff';

/** The language this browser's claimant chose to read the site in (a locale tag). */
export const LOCALE_STORAGE_KEY = 'claimLocale';
