import messages from 'virtual:messages/pages';
import type pagesMessages from '../../../content/messages/pages.en-GB.json';
import { messageReader } from '../../ui/messageReader';

/** A key of src/content/messages/pages.en-GB.json: a key the file lacks does not compile. */
type PagesTextKey = keyof typeof pagesMessages;

/**
 * The words of the site pages loaded on demand (start, cookies, contact, landing), from their
 * content file: `pagesText('start.button', { funnelTitle })`. Only those pages import it, so
 * the first page of a claim loads none of it.
 */
export const pagesText = messageReader<PagesTextKey>(messages, 'pages');
