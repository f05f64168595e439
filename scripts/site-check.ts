/**
 * Checks the content files a business edits, as `npm test` and `npm run build` do:
 * src/content/site.json (the public pages' words, the firm's details, the retention periods)
 * and each file of ICU messages (scripts/lib/icuMessages.ts) against its schema, and that
 * every message parses. Each mistake is one `file: pointer: message` line, and a broken file
 * never ships.
 */
import { readFileSync } from 'node:fs';
import { createAjv } from '../src/runtime/validation/ajvCompiler';
import { icuProblems, MESSAGE_FILES, readMessages } from './lib/icuMessages';

const ajv = createAjv();

/** The file's problems against its schema, one line each. */
function schemaProblems(file: string, schemaFile: string, content: unknown): string[] {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
  const validate = ajv.compile(schema);
  if (validate(content)) return [];
  return (validate.errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` ("${String(error.params.additionalProperty)}", which ${schemaFile} does not list)`
        : '';
    return `${file}: ${error.instancePath || '/'}: ${error.message ?? 'is not valid'}${extra}`;
  });
}

function siteProblems(): string[] {
  const file = 'src/content/site.json';
  try {
    return schemaProblems(
      file,
      'src/content/site.schema.json',
      JSON.parse(readFileSync(file, 'utf8')),
    );
  } catch (error) {
    return [`${file}: not valid JSON: ${(error as Error).message}`];
  }
}

function messageFileProblems({ file, schema, locale }: (typeof MESSAGE_FILES)[number]): string[] {
  let messages: Record<string, string>;
  try {
    messages = readMessages(file);
  } catch (error) {
    return [(error as Error).message];
  }
  return [
    ...schemaProblems(file, schema, messages),
    ...icuProblems(messages, locale).map((problem) => `${file}: ${problem}`),
  ];
}

const files = ['src/content/site.json', ...MESSAGE_FILES.map((each) => each.file)];
const problems = [siteProblems(), ...MESSAGE_FILES.map(messageFileProblems)].flat();
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`site:check: ${files.join(', ')} valid`);
