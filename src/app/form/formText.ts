import messages from 'virtual:messages/form';
import type formMessages from '../../content/messages/form.en-GB.json';
import { messageReader } from '../ui/messageReader';

/** A key of src/content/messages/form.en-GB.json: a key the file lacks does not compile. */
export type FormTextKey = keyof typeof formMessages;

/**
 * The words a claim's question page writes around the funnel's own, from their content file:
 * `formText('step.progress', { step: 2, total: 5 })` is "Step 2 of 5". Kept apart from the
 * later screens' words (claimPagesText), as every first page of a claim loads these.
 */
export const formText = messageReader<FormTextKey>(messages, 'form');
