/**
 * Checks src/content/site.json (the public pages' words, the firm's details, the retention
 * periods) against its schema, as `npm test` and `npm run build` do: a business that edits
 * it sees `file: pointer: message` for each mistake, and a broken file never ships.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { createAjv } from '../src/runtime/validation/ajvCompiler';
import { siteHomeProblems } from '../src/content/siteChecks';
import { readRegistryDirectories, registryRoot, siteContentFile } from './lib/registryFiles';

const projectRoot = process.cwd();
const FILE = relative(projectRoot, siteContentFile(projectRoot)) || 'src/content/site.json';
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
// Every home page entry and the landing page start a funnel the registry has.
const { files } = readRegistryDirectories(registryRoot(projectRoot));
const funnelIds = Object.values(files.funnels).flatMap((funnel) =>
  funnel && typeof funnel === 'object' && 'funnelId' in funnel ? [String(funnel.funnelId)] : [],
);
const problems = siteHomeProblems(content, funnelIds);
if (problems.length > 0) {
  for (const problem of problems) console.error(`${FILE}: ${problem.pointer}: ${problem.message}`);
  process.exit(1);
}
console.log(`site:check: ${FILE} is valid`);
