/**
 * The gateway functions of sessions and accounts: the profile, registering, signing in by
 * password or by a single-use link, and "save and come back later".
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, and its request schema; its response type is below.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { GatewayFunctionSpec } from '../gatewayFunction';
import type {
  UserProfile,
  EmailLinkRedemption,
  EmailLinkPurpose,
  LinkQuestion,
  MergeAnonymousUserResult,
} from '../../types';
import {
  idSchema,
  claimIdSchema,
  requestIdSchema,
  linkTokenSchema,
  NO_CONTROL_CHARACTERS,
  emptyRequest,
  emailSchema,
  linkRequesterSchema,
} from './schemaParts';

export const accountsFunctions = {
  getProfile: {
    role: 'signed-in',
    kind: 'query',
    tags: ['Profile'],
    quota: 'none',
    request: emptyRequest,
  },
  saveProfile: {
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Profile'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['firstName', 'lastName', 'email', 'phoneNumber'],
      properties: {
        firstName: { type: 'string', maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
        lastName: { type: 'string', maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
        email: { type: 'string', maxLength: 254, pattern: NO_CONTROL_CHARACTERS },
        phoneNumber: { type: 'string', maxLength: 32, pattern: NO_CONTROL_CHARACTERS },
      },
    },
  },
  confirmUserExists: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'account-question',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'phoneNumber'],
      properties: {
        email: emailSchema,
        phoneNumber: { type: 'string', minLength: 1, maxLength: 32 },
      },
    },
  },
  setUserContactDetails: {
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Profile'],
    quota: 'contact-details',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['phoneNumber'],
      properties: {
        phoneNumber: { type: 'string', minLength: 1, maxLength: 32 },
      },
    },
  },
  mergeAnonymousUser: {
    role: 'registered',
    kind: 'mutation',
    tags: ['Claims', 'Profile'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['anonymousIdToken'],
      properties: {
        // An ID token is a JWT of a few hundred to a couple of thousand characters.
        anonymousIdToken: { type: 'string', minLength: 1, maxLength: 8192 },
      },
    },
  },
  requestSaveAndReturn: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'email'],
      properties: {
        funnelId: idSchema,
        email: emailSchema,
        requester: linkRequesterSchema,
      },
    },
  },
  renewSaveAndReturn: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['requestId', 'email'],
      properties: {
        requestId: requestIdSchema,
        email: emailSchema,
        requester: linkRequesterSchema,
      },
    },
  },
  renewClaimLink: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['claimId', 'email'],
      properties: {
        claimId: claimIdSchema,
        email: emailSchema,
        requester: linkRequesterSchema,
      },
    },
  },
  requestSignInLink: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['email'],
      properties: { email: emailSchema, requester: linkRequesterSchema },
    },
  },
  requestEmailProof: {
    role: 'registered',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      properties: { requester: linkRequesterSchema },
    },
  },
  checkEmailLink: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['token'],
      properties: {
        token: linkTokenSchema,
        requester: linkRequesterSchema,
        // The address the link was sent to, typed where the browser did not ask for it.
        email: emailSchema,
      },
    },
  },
  redeemEmailLink: {
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims', 'Profile'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['token'],
      properties: {
        token: linkTokenSchema,
        requester: linkRequesterSchema,
        email: emailSchema,
        // The person said yes to checkEmailLink's question (required when it asked one).
        confirmed: { type: 'boolean' },
      },
    },
  },
  refuseEmailLink: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['token', 'email'],
      properties: { token: linkTokenSchema, email: emailSchema },
    },
  },
} as const satisfies Record<string, GatewayFunctionSpec>;

type Functions = typeof accountsFunctions;

/**
 * Each function's payload type, from its schema (one by one: a mapped FromSchema over the
 * table is too deep for tsc).
 */
export interface AccountsRequests {
  getProfile: FromSchema<Functions['getProfile']['request']>;
  saveProfile: FromSchema<Functions['saveProfile']['request']>;
  confirmUserExists: FromSchema<Functions['confirmUserExists']['request']>;
  setUserContactDetails: FromSchema<Functions['setUserContactDetails']['request']>;
  mergeAnonymousUser: FromSchema<Functions['mergeAnonymousUser']['request']>;
  requestSaveAndReturn: FromSchema<Functions['requestSaveAndReturn']['request']>;
  renewSaveAndReturn: FromSchema<Functions['renewSaveAndReturn']['request']>;
  renewClaimLink: FromSchema<Functions['renewClaimLink']['request']>;
  requestSignInLink: FromSchema<Functions['requestSignInLink']['request']>;
  requestEmailProof: FromSchema<Functions['requestEmailProof']['request']>;
  checkEmailLink: FromSchema<Functions['checkEmailLink']['request']>;
  redeemEmailLink: FromSchema<Functions['redeemEmailLink']['request']>;
  refuseEmailLink: FromSchema<Functions['refuseEmailLink']['request']>;
}

/** Each function's result. */
export interface AccountsResponses {
  getProfile: { profile: UserProfile | null };
  saveProfile: { profile: UserProfile };
  confirmUserExists: { checked: true; accountExists: boolean } | null;
  setUserContactDetails: { ok: true; phoneNumber: string } | { exception: string };
  mergeAnonymousUser: MergeAnonymousUserResult;
  /** The request the emailed link names, and until when it can be renewed (ISO 8601). */
  requestSaveAndReturn: { requestId: string; renewableUntil: string };
  renewSaveAndReturn: { requestId: string; renewableUntil: string };
  /** A new link to the claim is emailed to the address it holds; it works until `expiresAt`. */
  renewClaimLink: { sent: true; expiresAt: string };
  /** The link is emailed; it works once, until `expiresAt` (ISO 8601). */
  requestSignInLink: { sent: true; expiresAt: string };
  /** Whether the address was confirmed already; if not, a link to confirm it is emailed. */
  requestEmailProof: { alreadyConfirmed: boolean; email: string };
  /**
   * What a link would do, without using it up. Opened in a browser that did not ask for it,
   * it says nothing more until the address it was sent to is typed (`needsAddress`); then,
   * when using it would change who is signed in here or move this browser's claims, the
   * question to ask first.
   */
  checkEmailLink: {
    live: boolean;
    purpose: EmailLinkPurpose | null;
    needsAddress: boolean;
    question: LinkQuestion | null;
    /** Where "no, stay as I am" leads: the caller's claim in progress, if they have one. */
    stay: { funnelId: string; pageId: string | null } | null;
  };
  redeemEmailLink: EmailLinkRedemption;
  /** "This was not me": the account that asked to confirm the address has no way in left. */
  refuseEmailLink: { ended: true };
}
