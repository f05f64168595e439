import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { compileMessagesModule, MESSAGE_FILES } from './lib/icuMessages';

const PREFIX = 'virtual:messages/';
const RESOLVED_PREFIX = '\0virtual:messages/';

/**
 * `virtual:messages/<name>`: the content file of that name's messages compiled to functions
 * (see scripts/lib/icuMessages.ts), rebuilt when the file is edited.
 */
export function messagesPlugin(): Plugin {
  return {
    name: 'messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      const found = MESSAGE_FILES.find((each) => each.name === name);
      if (!found) {
        this.error(
          `${PREFIX}${name}: no such messages (known: ${MESSAGE_FILES.map((each) => each.name).join(', ')})`,
        );
      }
      this.addWatchFile(resolve(found.file));
      return compileMessagesModule(found.file, found.locale);
    },
  };
}
