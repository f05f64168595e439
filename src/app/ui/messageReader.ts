import type { MessageValues } from './messageParts';

/** A content file as `virtual:messages/<name>` serves it: per key, its message as a function. */
export type CompiledMessages = Readonly<
  Record<string, (values?: Record<string, unknown>) => string>
>;

/**
 * One area's reader of its content file, so each area's `…Text` is this and not a copy:
 * `messageReader<ShellTextKey>(messages, 'shell')` is `shellText`, and
 * `shellText('cookieBanner.heading', { serviceName })` is that message filled from its values.
 * `Key` is the file's keys, so a misspelt or removed key does not compile.
 */
export function messageReader<Key extends string>(
  messages: CompiledMessages,
  area: string,
): (key: Key, values?: MessageValues) => string {
  return (key, values) => {
    const message = messages[key];
    // The type allows only the file's keys, and the file is the module: a miss is a bug here.
    if (!message) throw new Error(`No ${area} message "${key}"`);
    return message(values);
  };
}
