import messages from 'virtual:messages/studio';
import type studioMessages from '../../../../content/messages/studio.en-GB.json';
import { messageReader } from '../../../ui/messageReader';

/** A key of src/content/messages/studio.en-GB.json: a key the file lacks does not compile. */
export type StudioTextKey = keyof typeof studioMessages;

/**
 * The funnel studio's words, from its content file:
 * `studioText('checker.problems', { count: 2 })`. Only the studio imports it, a chunk of its
 * own, so the examples index does not load them.
 */
export const studioText = messageReader<StudioTextKey>(messages, 'studio');
