import messages from 'virtual:messages/validation';
import type validationMessages from '../../content/messages/validation.en-GB.json';
import type { ValidationWords } from '../../runtime/types';
import { messageReader } from '../ui/messageReader';

/** A key of src/content/messages/validation.en-GB.json: a key the file lacks does not compile. */
export type ValidationTextKey = keyof typeof validationMessages;

/**
 * What a page's checks say where its schema gives no message of its own ("Enter email
 * address"), from src/content/messages/validation.en-GB.json, in the page's language: each message is
 * read in the locale active when it is said, so one reader serves every language's registry.
 * The gateway says the same file's messages in Node (src/gateway/infra/validationWords.ts).
 */
export const validationText: ValidationWords = messageReader<ValidationTextKey>(
  messages,
  'validation',
);
