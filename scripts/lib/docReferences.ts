/**
 * Finds references in our text to documents the repository does not have: a Markdown file
 * named in a comment, a test or a doc (by name or path) must exist, and no text may cite the
 * numbered sections of a spec or the numbered issues of a tracker, neither of which is in the
 * repository. A reader who follows a
 * reference should find it here. Checked by tests/unit/scripts/docReferences.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What the check reads: our source, scripts, tests and docs, and the README. */
const REFERENCE_SCAN_ROOTS = ['src', 'scripts', 'tests', 'docs', 'README.md'] as const;

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|txt)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'generated', 'dist', 'build']);

/** A Markdown file name or path, not part of a longer path or a URL. */
const MARKDOWN_REFERENCE = /(?<![\w./:-])((?:\.{1,2}\/)*[\w-][\w./-]*\.md)(?![\w-])/g;
/** A citation of a spec's numbered sections: the word spec, then section(s). */
const SPEC_SECTION = /\bspec(?:'s)?\s+sections?\b/gi;
/** A citation of a tracker's numbered issue (the word, then a number): the tracker is not here. */
const ISSUE_NUMBER = /\bissues?\s+#?\d+\b/gi;

interface BrokenReference {
  /** The file, relative to the repository root. */
  file: string;
  line: number;
  reference: string;
  problem: string;
}

/**
 * The references in one file's text that do not resolve. A Markdown path resolves when it
 * names a file inside the repository, relative to the referring file's folder or to the root.
 * `isFile` answers for a path relative to the root, so a probe can run in memory.
 */
export function brokenReferences(
  text: string,
  file: string,
  isFile: (pathFromRoot: string) => boolean,
): BrokenReference[] {
  const broken: BrokenReference[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(MARKDOWN_REFERENCE)) {
      const reference = match[1]!;
      const candidates = [join(dirname(file), reference), join('.', reference)];
      const resolves = candidates.some(
        (candidate) => !candidate.startsWith('..') && isFile(candidate),
      );
      if (!resolves) {
        broken.push({
          file,
          line: index + 1,
          reference,
          problem: 'names a Markdown file the repository does not have',
        });
      }
    }
    for (const match of line.matchAll(SPEC_SECTION)) {
      broken.push({
        file,
        line: index + 1,
        reference: match[0],
        problem: 'cites a spec that is not in the repository: say the rule or reason in place',
      });
    }
    for (const match of line.matchAll(ISSUE_NUMBER)) {
      broken.push({
        file,
        line: index + 1,
        reference: match[0],
        problem:
          'cites an issue of a tracker that is not in the repository: say the reason in place',
      });
    }
  });
  return broken;
}

function textFilesUnder(root: string, path: string): string[] {
  const full = resolve(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return TEXT_FILE.test(path) ? [path] : [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)
      ? []
      : textFilesUnder(root, join(path, entry.name)),
  );
}

/** Every broken reference in the files under `roots` (relative to `root`). */
export function scanForBrokenReferences(
  root: string,
  roots: readonly string[] = REFERENCE_SCAN_ROOTS,
): BrokenReference[] {
  const isFile = (pathFromRoot: string) => {
    const full = resolve(root, pathFromRoot);
    return !relative(root, full).startsWith('..') && existsSync(full) && statSync(full).isFile();
  };
  return roots
    .flatMap((path) => textFilesUnder(root, path))
    .flatMap((file) => brokenReferences(readFileSync(resolve(root, file), 'utf8'), file, isFile));
}

/** One broken reference as `file:line: reference: problem`. */
export function referenceLine({ file, line, reference, problem }: BrokenReference): string {
  return `${file}:${line}: ${reference}: ${problem}`;
}
