import { activeMessages } from '../locale/siteLocale';
import type { MessageValues } from './messageParts';

export type { CompiledMessages } from '../locale/compiledMessages';
import type { CompiledMessages } from '../locale/compiledMessages';

/**
 * One area's reader of its content file, so each area's `…Text` is this and not a copy:
 * `messageReader<ShellTextKey>(messages, 'shell')` is `shellText`, and
 * `shellText('cookieBanner.heading', { serviceName })` is that message filled from its values.
 * `Key` is the file's keys, so a misspelt or removed key does not compile. In another locale
 * the claimant chose, the message is that locale's (src/app/locale/siteLocale.ts).
 */
export function messageReader<Key extends string>(
  messages: CompiledMessages,
  area: string,
): (key: Key, values?: MessageValues) => string {
  return (key, values) => {
    const message = (activeMessages(area) ?? messages)[key];
    // The type allows only the file's keys, and the file is the module: a miss is a bug here.
    if (!message) throw new Error(`No ${area} message "${key}"`);
    return message(values);
  };
}
