/** The values a content file's message is filled from: each `{name}` in it. */
export type MessageValues = Record<string, string | number>;

/** A part of a message that a screen fills with an element (a link, a bold address). */
export interface Slot {
  slot: string;
}

/** Marks a slot's place in a message's text; a private-use character no message holds. */
const MARK = '\uE000';

/**
 * A message whose `{name}`s for `slots` are elements, not words: its text split at them, in
 * the message's order, so a sentence with a link in it stays one message a translator can
 * reorder. `say` is the message, filled from its values (one area's reader, such as
 * `(filled) => accountText('renewal.signInInstead', filled)`); for "Or {signInLink} if you have
 * an account." and `['signInLink']` the parts are
 * `['Or ', { slot: 'signInLink' }, ' if you have an account.']`.
 */
export function messageParts(
  say: (values: MessageValues) => string,
  slots: readonly string[],
  values?: MessageValues,
): (string | Slot)[] {
  const marked = Object.fromEntries(slots.map((name) => [name, `${MARK}${name}${MARK}`]));
  return say({ ...values, ...marked })
    .split(MARK)
    .map((piece, index) => (index % 2 === 1 ? { slot: piece } : piece))
    .filter((piece) => piece !== '');
}
