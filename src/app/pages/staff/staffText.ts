import messages from 'virtual:messages/staff';
import type staffMessages from '../../../content/messages/staff.en-GB.json';
import { messageReader } from '../../ui/messageReader';

/** A key of src/content/messages/staff.en-GB.json: a key the file lacks does not compile. */
export type StaffTextKey = keyof typeof staffMessages;

/**
 * The back office's words, from its content file: `staffText('export.done', { count: 3 })`
 * is "Exported 3 claims.". A message's `{name}` is filled from `values`.
 */
export const staffText = messageReader<StaffTextKey>(messages, 'staff');
