import messages from 'virtual:messages/account';
import type accountMessages from '../../../content/account.en-GB.json';

/** A key of src/content/account.en-GB.json: a key the file lacks does not compile. */
export type AccountTextKey = keyof typeof accountMessages;

/**
 * The account and sign-in screens' words, from their content file:
 * `accountText('claims.signedInAs', { email })` is "Signed in as a@example.com.". A message's
 * `{name}` is filled from `values`.
 */
export function accountText(key: AccountTextKey, values?: Record<string, string | number>): string {
  const message = messages[key];
  // The type allows only the file's keys, and the file is the module: a miss is a bug here.
  if (!message) throw new Error(`No account message "${key}"`);
  return message(values);
}

/** A part of a message that a screen fills with an element (a link, a bold address). */
export interface Slot {
  slot: string;
}

/** Marks a slot's place in a message's text; a private-use character no message holds. */
const MARK = '\uE000';

/**
 * A message whose `{name}`s for `slots` are elements, not words: its text split at them, in
 * the message's order, so a sentence with a link in it stays one message a translator can
 * reorder. `accountTextParts('renewal.signInInstead', ['signInLink'])` is
 * `['Or ', { slot: 'signInLink' }, ' if you have an account.']`.
 */
export function accountTextParts(
  key: AccountTextKey,
  slots: readonly string[],
  values?: Record<string, string | number>,
): (string | Slot)[] {
  const marked = Object.fromEntries(slots.map((name) => [name, `${MARK}${name}${MARK}`]));
  return accountText(key, { ...values, ...marked })
    .split(MARK)
    .map((piece, index) => (index % 2 === 1 ? { slot: piece } : piece))
    .filter((piece) => piece !== '');
}
