/**
 * Checks the README and the guides under docs/ against the repository, so a reader who runs a
 * command or opens a path they name finds it: every `npm run <script>` (and `npm start`,
 * `npm test`) is a script of package.json, every repository path in code quotes exists, and
 * every link to another document (and its `#anchor`) resolves. Paths the product writes as it
 * runs (.data/, dist/, build/, test-results/) and paths with placeholders (`<funnelId>`, `*`,
 * `{id}`) or the Welsh files `language:start` writes are not checked. Checked by tests/unit/scripts/guideChecks.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';

/** The documents checked: the README and every guide and reference page under docs/. */
export function guideFiles(root: string): string[] {
  const docs = readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Folders the product writes as it runs or builds: named in the guides, absent in a clone. */
const WRITTEN_AT_RUN_TIME = ['.data/', 'dist/', 'build/', 'test-results/', 'node_modules/'];
/** A Welsh file, which `npm run language:start -- cy` writes: the guides' example of a language. */
const WRITTEN_BY_LANGUAGE_START = /\.cy\.json$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]!));
  }
  return anchors;
}

/** The text outside fenced code blocks, with each line's number. */
function proseLines(text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text: line }];
  });
}

/** Every problem in one document, as `file:line: problem`. */
export function guideProblems(root: string, file: string): string[] {
  const text = readFileSync(resolve(root, file), 'utf8');
  const scripts = Object.keys(
    (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: object })
      .scripts,
  );
  const topLevel = new Set(readdirSync(root));
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)) {
      const script = match[1] ?? match[2]!;
      if (!scripts.includes(script)) {
        problems.push(
          `${file}:${index + 1}: npm ${match[0].slice(4)}: no such script in package.json`,
        );
      }
    }
  });
  for (const { line, text: prose } of proseLines(text)) {
    for (const match of prose.matchAll(/`([^`\s]+)`/g)) {
      const path = match[1]!;
      const first = path.split('/')[0]!;
      const isRepositoryPath =
        path.includes('/') && !/[<>*{}#:@]|\.\.\./.test(path) && topLevel.has(first);
      if (
        !isRepositoryPath ||
        WRITTEN_AT_RUN_TIME.some((folder) => path.startsWith(folder)) ||
        WRITTEN_BY_LANGUAGE_START.test(path)
      ) {
        continue;
      }
      if (!existsSync(resolve(root, path))) {
        problems.push(`${file}:${line}: ${path}: no such file or folder`);
      }
    }
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/.test(target)) continue;
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const targetFile = pathPart === '' ? file : normalize(join(dirname(file), pathPart));
      if (!existsSync(resolve(root, targetFile))) {
        problems.push(`${file}:${line}: ${target}: links to a file the repository does not have`);
        continue;
      }
      if (anchor !== undefined && targetFile.endsWith('.md')) {
        const anchors = anchorsOf(readFileSync(resolve(root, targetFile), 'utf8'));
        if (!anchors.has(anchor)) {
          problems.push(`${file}:${line}: ${target}: ${targetFile} has no heading #${anchor}`);
        }
      }
    }
  }
  return problems;
}
