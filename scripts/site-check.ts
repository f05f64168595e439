/**
 * Checks src/content/site.json (the public pages' words, the firm's details, the retention
 * periods) against its schema, as `npm test` and `npm run build` do: a business that edits
 * it sees `file: pointer: message` for each mistake, and a broken file never ships.
 */
import { readFileSync } from 'node:fs';
import { createAjv } from '../src/runtime/validation/ajvCompiler';

const FILE = 'src/content/site.json';
const schema = JSON.parse(readFileSync('src/content/site.schema.json', 'utf8')) as object;
let content: unknown;
try {
  content = JSON.parse(readFileSync(FILE, 'utf8'));
} catch (error) {
  console.error(`${FILE}: not valid JSON: ${(error as Error).message}`);
  process.exit(1);
}
const validate = createAjv().compile(schema);
if (!validate(content)) {
  for (const error of validate.errors ?? []) {
    console.error(`${FILE}: ${error.instancePath || '/'}: ${error.message ?? 'is not valid'}`);
  }
  process.exit(1);
}
console.log(`site:check: ${FILE} is valid`);
