import messages from 'virtual:messages/saveAndReturn';
import type saveAndReturnMessages from '../../../content/messages/saveAndReturn.en-GB.json';
import { messageReader } from '../../ui/messageReader';

/** A key of src/content/messages/saveAndReturn.en-GB.json: a key the file lacks does not compile. */
export type SaveAndReturnTextKey = keyof typeof saveAndReturnMessages;

/**
 * The save-and-return screens' words, from their content file:
 * `saveAndReturnText('link.validity', { hours: 1, days: 7 })`. Only those screens (and the
 * sign-in screens that say the same errors) import it, so the first page of a claim loads none
 * of it.
 */
export const saveAndReturnText = messageReader<SaveAndReturnTextKey>(messages, 'saveAndReturn');
