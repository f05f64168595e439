/**
 * `claims/{claimId}` as stored: its schema (checked on every read and full write by the
 * claims converter) and the type derived from it. Claims written before a field was kept
 * still read: such fields are optional here, or defaulted where every reader wants a value.
 * Fields this schema does not name are kept as they are (a document may carry more).
 */
import { referralSchema } from '../../../runtime/contract';
import { documentConverter, timestampSchema, type DocumentOf } from './documentConverter';

const versionSchema = {
  type: 'object',
  required: ['version', 'hash'],
  properties: { version: { type: 'number' }, hash: { type: 'string' } },
} as const;

/** A letter of authority as signed: the funnel's letter and the SHA-256 of its text. */
const letterEvidenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'title', 'text', 'sha256'],
  properties: {
    kind: { enum: ['authority', 'declaration', 'own'] },
    name: { type: 'string' },
    version: { type: 'string' },
    title: { type: 'string' },
    text: { type: 'string' },
    sha256: { type: 'string' },
  },
} as const;

/** `signature`: how a sent claim was signed, from where, and what (SignatureEvidence). */
const signatureEvidenceSchema = {
  type: 'object',
  required: ['method'],
  properties: {
    method: { enum: ['drawn', 'typed'] },
    image: { type: 'string' },
    name: { type: 'string' },
    userAgent: { type: ['string', 'null'] },
    ip: { type: ['string', 'null'] },
    letterOfAuthority: { anyOf: [letterEvidenceSchema, { type: 'null' }] },
    funnel: versionSchema,
    signedAt: timestampSchema,
  },
} as const;

/** `referral`: the campaign that first brought the claimant, and the latest one. */
const claimReferralSchema = {
  type: 'object',
  properties: { firstTouch: referralSchema, lastTouch: referralSchema },
} as const;

const claimDocumentSchema = {
  type: 'object',
  required: ['funnelId'],
  properties: {
    // null once the claimant deleted their account (a sent claim is kept).
    userId: { type: ['string', 'null'] },
    formerUserId: { type: 'string' },
    accountDeletedAt: timestampSchema,
    funnelId: { type: 'string' },
    funnelVersion: { type: 'number' },
    funnelHash: { type: 'string' },
    movedFrom: {
      type: 'object',
      properties: { ...versionSchema.properties, at: timestampSchema },
    },
    status: { enum: ['draft', 'submitted'], default: 'draft' },
    answers: { type: 'object', additionalProperties: { type: 'object' }, default: {} },
    answerStamps: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: { type: 'number' } },
    },
    pageSavedAt: { type: 'object', additionalProperties: timestampSchema },
    lastEditAt: { type: 'number' },
    currentPageId: { type: ['string', 'null'] },
    locale: { type: 'string' },
    subject: { type: 'string' },
    // What drafts saved before funnels had roles kept as their subject.
    vehicleRegistration: { type: 'string' },
    referral: { anyOf: [claimReferralSchema, { type: 'null' }] },
    // The referrals of the funnel's other drafts when this one was chosen (chooseIn).
    otherDraftReferrals: { type: 'array', items: claimReferralSchema },
    chosenAt: { type: 'number' },
    mergedFrom: { type: 'string' },
    reference: { type: ['string', 'null'] },
    // false while its reminder is due, true once sent, 'not-possible' when it had no address.
    reminded: { enum: [false, true, 'not-possible'] },
    remindedAt: timestampSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    submittedAt: { anyOf: [timestampSchema, { type: 'null' }] },
    withdrawnAt: timestampSchema,
    // Set by the retention run when it anonymised a sent claim (everything personal gone).
    anonymisedAt: timestampSchema,
    stage: { type: 'string' },
    stageChangedAt: timestampSchema,
    stageLog: {
      type: 'array',
      items: {
        type: 'object',
        required: ['stage', 'at'],
        properties: { stage: { type: 'string' }, at: timestampSchema },
      },
    },
    listKey: { type: 'string' },
    // Read through storedContactOf, which also reads the names of older claims.
    contact: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
    searchTerms: { type: 'array', items: { type: 'string' } },
    signature: signatureEvidenceSchema,
  },
} as const;

export type ClaimDocument = DocumentOf<typeof claimDocumentSchema>;
export type ClaimReferral = DocumentOf<typeof claimReferralSchema>;

export const claimConverter = documentConverter<ClaimDocument>('claims', claimDocumentSchema);

/**
 * `claims/{claimId}/history/{id}`: create-only records of what happened to a sent claim
 * (submitted, stage-changed, withdrawn, account-deleted) and who did it.
 */
const claimHistoryDocumentSchema = {
  type: 'object',
  required: ['event', 'at'],
  properties: {
    event: { type: 'string' },
    at: timestampSchema,
    reference: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    by: { type: 'string' },
    note: { type: 'string' },
    reason: { type: ['string', 'null'] },
  },
} as const;

export type ClaimHistoryDocument = DocumentOf<typeof claimHistoryDocumentSchema>;
export const claimHistoryConverter = documentConverter<ClaimHistoryDocument>(
  'claim history',
  claimHistoryDocumentSchema,
);

/** What the drop-off dashboard reads of a claim (a field mask): the claim schema's fields. */
const dropOffDocumentSchema = {
  type: 'object',
  properties: {
    status: claimDocumentSchema.properties.status,
    currentPageId: claimDocumentSchema.properties.currentPageId,
    pageSavedAt: claimDocumentSchema.properties.pageSavedAt,
    answerStamps: claimDocumentSchema.properties.answerStamps,
    submittedAt: claimDocumentSchema.properties.submittedAt,
  },
} as const;

export type DropOffDocument = DocumentOf<typeof dropOffDocumentSchema>;
/** The field mask itself. */
export const dropOffFieldNames = Object.keys(dropOffDocumentSchema.properties);
export const dropOffConverter = documentConverter<DropOffDocument>('claims', dropOffDocumentSchema);
