import messages from 'virtual:messages/errors';
import type errorsMessages from '../../content/messages/errors.en-GB.json';
import { messageReader } from './messageReader';

/** A key of src/content/messages/errors.en-GB.json: a key the file lacks does not compile. */
type ErrorsTextKey = keyof typeof errorsMessages;

/**
 * The words of the shared pieces any page may show, the first included: the error page, the
 * error summary's heading, and "Error: " before the page's title while a summary shows
 * (`errorsText('documentTitle.error', { title })`). A file apart from the shell's: the
 * document title's module is a chunk the lazy pages share, and reading the shell from it
 * pulled the layout's modules out of the first page's main file into more, smaller files.
 */
export const errorsText = messageReader<ErrorsTextKey>(messages, 'errors');
