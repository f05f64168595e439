import messages from 'virtual:messages/forms';
import type formsMessages from '../../content/messages/forms.en-GB.json';
import { messageReader } from './messageReader';

/** A key of src/content/messages/forms.en-GB.json: a key the file lacks does not compile. */
export type FormsTextKey = keyof typeof formsMessages;

/**
 * The words of the shared form pieces (a field's "Error:", the email field, the "Check your
 * email" panel, the checks of what was typed, the sentences of a failed sign-in), from their
 * content file: `formsText('check.passwordShort', { minLength: 8 })`. Only the screens with a
 * form of their own import these pieces, so the first page of a claim loads none of it.
 */
export const formsText = messageReader<FormsTextKey>(messages, 'forms');
