/**
 * Which characters text a person typed may hold, as one rule for page answers (checked with
 * the page, in the browser and the gateway alike) and for the gateway's own text fields
 * (profile, notes, reasons; checked by their request schemas).
 *
 * Refused are the characters that change how text is shown without showing themselves:
 * direction overrides, embeddings and isolates (which show a name reversed), the Arabic
 * letter mark, zero-width spaces, joiners and marks, the byte-order mark, and line and
 * paragraph separators (which break a line where none is seen). Staff would read such text
 * in the list, the claim and the CSV other than as it is stored.
 *
 * One exception: a zero-width joiner between two emoji (👩‍👩‍👧, 🏳️‍🌈) draws one emoji and hides
 * nothing, so it is kept.
 */

/** The refused characters but the zero-width joiner (U+200D), as a regex class body. */
const HIDDEN_CLASS = '\\u061c\\u200b\\u200c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff';
/** A zero-width joiner after an emoji (with its variation selector or skin tone) and before one. */
const EMOJI_JOINER =
  '(?<=\\p{Extended_Pictographic}(?:\\ufe0f|[\\u{1f3fb}-\\u{1f3ff}])?)\\u200d(?=\\p{Extended_Pictographic})';

const HIDDEN = /* @__PURE__ */ new RegExp(`[${HIDDEN_CLASS}]|\\u200d`, 'u');
const EMOJI_JOINERS = /* @__PURE__ */ new RegExp(EMOJI_JOINER, 'gu');

/** Whether text holds a hidden or direction-changing character (see above). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text.replace(EMOJI_JOINERS, ''));
}

/**
 * A JSON Schema `pattern` (AJV reads patterns with the `u` flag) for text that holds none of
 * `excluded` (a regex class body) and no hidden or direction-changing character.
 */
/* @__NO_SIDE_EFFECTS__ */
function plainTextPattern(excluded: string): string {
  return `^(?:[^${excluded}${HIDDEN_CLASS}\\u200d]|${EMOJI_JOINER})*$`;
}

/** Text a person typed on one line: no NUL or other control characters, nothing hidden. */
export const NO_CONTROL_CHARACTERS = plainTextPattern('\\u0000-\\u001f\\u007f');
/** A note may run over lines and hold tabs, but no other control characters, nothing hidden. */
export const NOTE_CHARACTERS = plainTextPattern(
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f',
);

/** The patterns above, and what a request field failing one is told, after its name. */
export const TEXT_PATTERNS: ReadonlySet<string> = new Set([NO_CONTROL_CHARACTERS, NOTE_CHARACTERS]);
export const TEXT_PATTERN_MESSAGE =
  'must not contain control characters, or hidden or direction-changing ones';
