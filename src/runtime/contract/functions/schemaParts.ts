/** Pieces of JSON Schema the gateway functions' request schemas share. */
/** A funnel or page id as funnel files write them (kebab-case, short). */
export const idSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
} as const;
/**
 * A claim's document id (`{uid}_{funnelId}` and its numbered successors): never a `/`, which
 * Firestore would read as a path into another collection.
 */
export const claimIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;
/** A "save and come back later" request's id (random, URL-safe). */
export const requestIdSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } as const;
/** A single-use link's token, as the link carries it (32 random bytes, base64url). */
export const linkTokenSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;

/** Text a person typed, on one line or as a note (see textCharacters for what is refused). */
export { NO_CONTROL_CHARACTERS, NOTE_CHARACTERS } from '../textCharacters';
/** A list's opaque position (base64url), as the list gave it. */
export const cursorSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 400,
  pattern: '^[A-Za-z0-9_-]+$',
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
