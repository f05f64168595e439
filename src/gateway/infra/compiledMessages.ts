import MessageFormat, { type MessageFunction } from '@messageformat/core';

/** A content file's messages in one locale: key → ICU message. */
type MessageFile = Readonly<Record<string, string>>;

const formats = new Map<string, MessageFormat<'string'>>();
const compiled = new WeakMap<MessageFile, Map<string, MessageFunction<'string'>>>();

/**
 * A message of a content file, compiled by @messageformat/core the first time it is said and
 * kept: the gateway runs in Node, where compiling to a function is allowed (the browser's
 * messages are compiled at build time).
 * @throws Error naming the key and file when the file has no such message.
 */
export function compiledMessage(
  file: MessageFile,
  fileName: string,
  locale: string,
  key: string,
): MessageFunction<'string'> {
  let messages = compiled.get(file);
  if (!messages) {
    messages = new Map();
    compiled.set(file, messages);
  }
  let say = messages.get(key);
  if (!say) {
    const message = file[key];
    // Callers' key types allow only the file's keys, and site:check requires them of every
    // locale's file, which is bundled in: a miss is a bug here.
    if (typeof message !== 'string') throw new Error(`No message "${key}" in ${fileName}`);
    let format = formats.get(locale);
    if (!format) {
      format = new MessageFormat(locale);
      formats.set(locale, format);
    }
    say = format.compile(message);
    messages.set(key, say);
  }
  return say;
}
