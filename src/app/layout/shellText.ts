import messages from 'virtual:messages/shell';
import type shellMessages from '../../content/messages/shell.en-GB.json';
import { messageReader } from '../ui/messageReader';

/** A key of src/content/messages/shell.en-GB.json: a key the file lacks does not compile. */
type ShellTextKey = keyof typeof shellMessages;

/**
 * The words of the layout and of the site pages drawn with it on the first load (home, Not
 * Found, a broken funnel's page), from their content file:
 * `shellText('cookieBanner.heading', { serviceName })` is "Cookies on Vehicle Claims". Kept
 * apart from the on-demand pages' words (pagesText), as every first page loads these.
 */
export const shellText = messageReader<ShellTextKey>(messages, 'shell');
