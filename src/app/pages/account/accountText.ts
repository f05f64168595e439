import messages from 'virtual:messages/account';
import type accountMessages from '../../../content/messages/account.en-GB.json';
import { messageParts, type MessageValues, type Slot } from '../../ui/messageParts';
import { messageReader } from '../../ui/messageReader';

/** A key of src/content/messages/account.en-GB.json: a key the file lacks does not compile. */
export type AccountTextKey = keyof typeof accountMessages;

/**
 * The account and sign-in screens' words, from their content file:
 * `accountText('claims.signedInAs', { email })` is "Signed in as a@example.com.". A message's
 * `{name}` is filled from `values`.
 */
export const accountText = messageReader<AccountTextKey>(messages, 'account');

/**
 * A message whose `{name}`s for `slots` are elements, not words: its text split at them (see
 * messageParts). `accountTextParts('renewal.signInInstead', ['signInLink'])` is
 * `['Or ', { slot: 'signInLink' }, ' if you have an account.']`.
 */
export function accountTextParts(
  key: AccountTextKey,
  slots: readonly string[],
  values?: MessageValues,
): (string | Slot)[] {
  return messageParts((filled) => accountText(key, filled), slots, values);
}
