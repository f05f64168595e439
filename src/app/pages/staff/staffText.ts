import messages from 'virtual:messages/staff';
import type staffMessages from '../../../content/staff.en-GB.json';

/** A key of src/content/staff.en-GB.json: a key the file lacks does not compile. */
export type StaffTextKey = keyof typeof staffMessages;

/**
 * The back office's words, from its content file: `staffText('export.done', { count: 3 })`
 * is "Exported 3 claims.". A message's `{name}` is filled from `values`.
 */
export function staffText(key: StaffTextKey, values?: Record<string, string | number>): string {
  const message = messages[key];
  // The type allows only the file's keys, and the file is the module: a miss is a bug here.
  if (!message) throw new Error(`No staff message "${key}"`);
  return message(values);
}
