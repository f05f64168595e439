import messages from 'virtual:messages/claimPages';
import type claimPagesMessages from '../../content/messages/claimPages.en-GB.json';
import { messageReader } from '../ui/messageReader';

/** A key of src/content/messages/claimPages.en-GB.json: a key the file lacks does not compile. */
export type ClaimPagesTextKey = keyof typeof claimPagesMessages;

/**
 * The words of a claim's screens loaded after its first page (check and sign, the
 * confirmation, the duplicate notice, the widgets RJSF draws), from their content file:
 * `claimPagesText('withdraw.button', { claimNoun })`. Only those on-demand screens import it,
 * so the first page of a claim loads none of it.
 */
export const claimPagesText = messageReader<ClaimPagesTextKey>(messages, 'claimPages');
