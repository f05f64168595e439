import { readFileSync } from 'node:fs';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';

/**
 * The content files of ICU messages: each maps a key to one message in one locale, and the
 * browser imports them as `virtual:messages/<name>` (scripts/vite-plugin-messages.ts).
 * Later areas of the site add theirs here.
 */
export const MESSAGE_FILES = [
  {
    name: 'staff',
    locale: 'en-GB',
    file: 'src/content/messages/staff.en-GB.json',
    schema: 'src/content/messages/schemas/staff.schema.json',
  },
  {
    name: 'account',
    locale: 'en-GB',
    file: 'src/content/messages/account.en-GB.json',
    schema: 'src/content/messages/schemas/account.schema.json',
  },
  {
    name: 'shell',
    locale: 'en-GB',
    file: 'src/content/messages/shell.en-GB.json',
    schema: 'src/content/messages/schemas/shell.schema.json',
  },
  {
    name: 'pages',
    locale: 'en-GB',
    file: 'src/content/messages/pages.en-GB.json',
    schema: 'src/content/messages/schemas/pages.schema.json',
  },
  {
    name: 'form',
    locale: 'en-GB',
    file: 'src/content/messages/form.en-GB.json',
    schema: 'src/content/messages/schemas/form.schema.json',
  },
  {
    name: 'claimPages',
    locale: 'en-GB',
    file: 'src/content/messages/claimPages.en-GB.json',
    schema: 'src/content/messages/schemas/claimPages.schema.json',
  },
  {
    name: 'errors',
    locale: 'en-GB',
    file: 'src/content/messages/errors.en-GB.json',
    schema: 'src/content/messages/schemas/errors.schema.json',
  },
  {
    name: 'forms',
    locale: 'en-GB',
    file: 'src/content/messages/forms.en-GB.json',
    schema: 'src/content/messages/schemas/forms.schema.json',
  },
  {
    name: 'saveAndReturn',
    locale: 'en-GB',
    file: 'src/content/messages/saveAndReturn.en-GB.json',
    schema: 'src/content/messages/schemas/saveAndReturn.schema.json',
  },
  {
    name: 'examples',
    locale: 'en-GB',
    file: 'src/content/messages/examples.en-GB.json',
    schema: 'src/content/messages/schemas/examples.schema.json',
  },
  {
    name: 'studio',
    locale: 'en-GB',
    file: 'src/content/messages/studio.en-GB.json',
    schema: 'src/content/messages/schemas/studio.schema.json',
  },
  {
    // Said by the browser (as `virtual:messages/validation`) and by the gateway, which reads
    // the file in Node (src/gateway/infra/validationWords.ts): both check answers alike.
    name: 'validation',
    locale: 'en-GB',
    file: 'src/content/messages/validation.en-GB.json',
    schema: 'src/content/messages/schemas/validation.schema.json',
  },
  {
    // Read in Node by the gateway (src/gateway/gatewayText.ts), which compiles each message
    // when first said; listed here so site:check checks it like the browser's files.
    name: 'gateway',
    locale: 'en-GB',
    file: 'src/content/messages/gateway.en-GB.json',
    schema: 'src/content/messages/schemas/gateway.schema.json',
  },
] as const;

export type MessageFile = (typeof MESSAGE_FILES)[number];

/** A file's messages, or throws `file: not valid JSON: …` / `file: not an object of messages`. */
export function readMessages(file: string): Record<string, string> {
  let messages: unknown;
  try {
    messages = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (
    typeof messages !== 'object' ||
    messages === null ||
    Array.isArray(messages) ||
    Object.values(messages).some((value) => typeof value !== 'string')
  ) {
    throw new Error(`${file}: must be an object whose every value is a message (a string)`);
  }
  return messages as Record<string, string>;
}

/** One line per message that is not ICU MessageFormat, as `/key: problem`. */
export function icuProblems(messages: Record<string, string>, locale: string): string[] {
  const mf = new MessageFormat(locale);
  return Object.entries(messages).flatMap(([key, message]) => {
    try {
      mf.compile(message);
      return [];
    } catch (error) {
      return [
        `/${key}: not an ICU message: ${(error as Error).message.split('\n')[0]!.replace(/:$/, '')}`,
      ];
    }
  });
}

/**
 * An ES module whose default export holds, per key, a function of the message's values that
 * returns its text: compiled here so the browser needs no parser (and no `eval`, which the
 * Content-Security-Policy forbids), only @messageformat/runtime's plural and number helpers.
 */
export function compileMessagesModule(file: string, locale: string): string {
  const messages = readMessages(file);
  const problems = icuProblems(messages, locale);
  if (problems.length > 0) {
    throw new Error(problems.map((problem) => `${file}: ${problem}`).join('\n'));
  }
  return compileModule(new MessageFormat(locale), messages);
}
