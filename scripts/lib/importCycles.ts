/**
 * Finds import cycles among our modules, type-only imports included: a cycle, even of types
 * only, means two modules are one module in two files. ESLint's import-x/no-cycle skips
 * `import type`, so this check (dpdm, which reads every import and export with the
 * TypeScript compiler) is the one `npm test` relies on.
 */
import { parseCircular, parseDependencyTree } from 'dpdm';

/** What `npm run cycles:check` reads: every module of ours. */
const CYCLE_CHECK_PATTERNS = [
  'src/**/*.{ts,tsx}',
  'scripts/**/*.ts',
  'tests/**/*.{ts,tsx}',
] as const;

/**
 * The import cycles among the files matching `patterns` under `root`, each as the list of
 * files (relative to `root`) around it. Empty when there is none. Imports of packages are not
 * followed; `import type`, `export type ... from` and dynamic `import()` all count.
 */
export async function findImportCycles(
  root: string,
  patterns: readonly string[] = CYCLE_CHECK_PATTERNS,
): Promise<string[][]> {
  const tree = await parseDependencyTree([...patterns], {
    cwd: root,
    context: root,
    // Keep type-only imports: transforming to JavaScript first would drop them.
    transform: false,
    skipDynamicImports: false,
  });
  return parseCircular(tree);
}

/** One cycle as a line: `a.ts -> b.ts -> a.ts`. */
export function cycleLine(cycle: readonly string[]): string {
  return [...cycle, cycle[0]].join(' -> ');
}
