import messages from 'virtual:messages/form';
import type formMessages from '../../content/form.en-GB.json';
import type { MessageValues } from '../ui/messageParts';

/** A key of src/content/form.en-GB.json: a key the file lacks does not compile. */
export type FormTextKey = keyof typeof formMessages;

/**
 * The words a claim's question page writes around the funnel's own, from their content file:
 * `formText('step.progress', { step: 2, total: 5 })` is "Step 2 of 5". Kept apart from the
 * later screens' words (claimPagesText), as every first page of a claim loads these.
 */
export function formText(key: FormTextKey, values?: MessageValues): string {
  const message = messages[key];
  // The type allows only the file's keys, and the file is the module: a miss is a bug here.
  if (!message) throw new Error(`No form message "${key}"`);
  return message(values);
}
