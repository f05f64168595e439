/**
 * The gateway functions of sessions and accounts: the profile, registering, signing in by
 * password or by a single-use link, and "save and come back later".
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
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
  getProfile: /* @__PURE__ */ gatewayFunction<{ profile: UserProfile | null }>()({
    role: 'signed-in',
    kind: 'query',
    tags: ['Profile'],
    quota: 'none',
    request: emptyRequest,
  }),
  saveProfile: /* @__PURE__ */ gatewayFunction<{ profile: UserProfile }>()({
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
  }),
  confirmUserExists: /* @__PURE__ */ gatewayFunction<{
    checked: true;
    accountExists: boolean;
  } | null>()({
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
  }),
  setUserContactDetails: /* @__PURE__ */ gatewayFunction<
    { ok: true; phoneNumber: string } | { exception: string }
  >()({
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
  }),
  mergeAnonymousUser: /* @__PURE__ */ gatewayFunction<MergeAnonymousUserResult>()({
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
  }),
  /** The request the emailed link names, and until when it can be renewed (ISO 8601). */
  requestSaveAndReturn: /* @__PURE__ */ gatewayFunction<{
    requestId: string;
    renewableUntil: string;
  }>()({
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
  }),
  renewSaveAndReturn: /* @__PURE__ */ gatewayFunction<{
    requestId: string;
    renewableUntil: string;
  }>()({
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
  }),
  /** A new link to the claim is emailed to the address it holds; it works until `expiresAt`. */
  renewClaimLink: /* @__PURE__ */ gatewayFunction<{ sent: true; expiresAt: string }>()({
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
  }),
  /** The link is emailed; it works once, until `expiresAt` (ISO 8601). */
  requestSignInLink: /* @__PURE__ */ gatewayFunction<{ sent: true; expiresAt: string }>()({
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
  }),
  /** Whether the address was confirmed already; if not, a link to confirm it is emailed. */
  requestEmailProof: /* @__PURE__ */ gatewayFunction<{
    alreadyConfirmed: boolean;
    email: string;
  }>()({
    role: 'registered',
    kind: 'mutation',
    tags: [],
    quota: 'email',
    request: {
      type: 'object',
      additionalProperties: false,
      properties: { requester: linkRequesterSchema },
    },
  }),
  /**
   * What a link would do, without using it up. Opened in a browser that did not ask for it,
   * it says nothing more until the address it was sent to is typed (`needsAddress`); then,
   * when using it would change who is signed in here or move this browser's claims, the
   * question to ask first.
   */
  checkEmailLink: /* @__PURE__ */ gatewayFunction<{
    live: boolean;
    purpose: EmailLinkPurpose | null;
    needsAddress: boolean;
    question: LinkQuestion | null;
    /** Where "no, stay as I am" leads: the caller's claim in progress, if they have one. */
    stay: { funnelId: string; pageId: string | null } | null;
  }>()({
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
  }),
  redeemEmailLink: /* @__PURE__ */ gatewayFunction<EmailLinkRedemption>()({
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
  }),
  /** "This was not me": the account that asked to confirm the address has no way in left. */
  refuseEmailLink: /* @__PURE__ */ gatewayFunction<{ ended: true }>()({
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
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
