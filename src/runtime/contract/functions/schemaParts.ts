/** Pieces of JSON Schema the gateway functions' request schemas share. */
/** A funnel or page id as funnel files write them (kebab-case, short). */
export const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
} as const;
/**
 * A Firestore document id we accept from a caller: URL-safe characters only (never a `/`,
 * which Firestore would read as a path into another collection, nor `.` or `..`), and never
 * of the form `__…__`, which Firestore reserves and refuses.
 */
const DOCUMENT_ID = '^(?!__.*__$)[A-Za-z0-9_-]';
/** A claim's document id (`{uid}_{funnelId}` and its numbered successors). */
export const claimIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: `${DOCUMENT_ID}+$`,
} as const;
/** A "save and come back later" request's id (random, URL-safe). */
export const requestIdSchema = { type: 'string', pattern: `${DOCUMENT_ID}{16,64}$` } as const;
/** A single-use link's token, as the link carries it (32 random bytes, base64url). */
export const linkTokenSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;

/**
 * This browser's secret for the links it asks for (32 random bytes, base64url, kept in its
 * storage): a link knows the browser that asked for it by the secret's digest.
 */
export const linkRequesterSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;

/** Text a person typed, on one line or as a note (see textCharacters for what is refused). */
export { NO_CONTROL_CHARACTERS, NOTE_CHARACTERS } from '../textCharacters';
/** A list's opaque position (base64url), as the list gave it. */
export const cursorSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 400,
  pattern: `${DOCUMENT_ID}+$`,
} as const;

/** An email address someone typed, as the gateway accepts one. */
export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;

/** A request naming one of the caller's claims in a funnel. */
export const claimOfFunnelRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['funnelId', 'claimId'],
  properties: { funnelId: idSchema, claimId: claimIdSchema },
} as const;

/** A request that carries nothing. */
export const emptyRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;
