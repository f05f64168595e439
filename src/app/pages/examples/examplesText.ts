import messages from 'virtual:messages/examples';
import type examplesMessages from '../../../content/messages/examples.en-GB.json';
import { messageReader } from '../../ui/messageReader';

/** A key of src/content/messages/examples.en-GB.json: a key the file lacks does not compile. */
type ExamplesTextKey = keyof typeof examplesMessages;

/**
 * The developer pages' words, from their content file:
 * `examplesText('index.funnel', { funnelId, pageCount: 5, … })`. Only those pages import it
 * (the funnel studio reads its own, studio/studioText.ts), so no claimant's page loads it.
 */
export const examplesText = messageReader<ExamplesTextKey>(messages, 'examples');
