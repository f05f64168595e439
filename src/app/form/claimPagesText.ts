import messages from 'virtual:messages/claimPages';
import type claimPagesMessages from '../../content/claimPages.en-GB.json';
import type { MessageValues } from '../ui/messageParts';

/** A key of src/content/claimPages.en-GB.json: a key the file lacks does not compile. */
export type ClaimPagesTextKey = keyof typeof claimPagesMessages;

/**
 * The words of a claim's screens loaded after its first page (check and sign, the
 * confirmation, the duplicate notice, the widgets RJSF draws), from their content file:
 * `claimPagesText('withdraw.button', { claimNoun })`. Only those on-demand screens import it,
 * so the first page of a claim loads none of it.
 */
export function claimPagesText(key: ClaimPagesTextKey, values?: MessageValues): string {
  const message = messages[key];
  // The type allows only the file's keys, and the file is the module: a miss is a bug here.
  if (!message) throw new Error(`No claimPages message "${key}"`);
  return message(values);
}
