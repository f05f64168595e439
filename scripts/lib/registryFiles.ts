import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface RegistryFiles {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
  examples: Record<string, unknown>;
}

export interface JsonParseProblem {
  file: string;
  pointer: string;
  message: string;
}

function jsonFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * Reads funnels/, funnels/examples/ and schemas/ under `root` into the plain objects the
 * runtime registry takes. Keys are paths relative to `root` (e.g. `funnels/vehicle-claim.json`)
 * so every problem can name its file. Files that are not valid JSON are reported, not thrown.
 */
export function readRegistryDirectories(
  root: string,
  dirs = { funnels: 'funnels', examples: 'funnels/examples', schemas: 'schemas' },
): { files: RegistryFiles; sources: string[]; problems: JsonParseProblem[] } {
  const files: RegistryFiles = { funnels: {}, schemas: {}, examples: {} };
  const sources: string[] = [];
  const problems: JsonParseProblem[] = [];
  for (const kind of ['funnels', 'examples', 'schemas'] as const) {
    for (const path of jsonFilesIn(join(root, dirs[kind]))) {
      const file = relative(root, path);
      sources.push(path);
      try {
        files[kind][file] = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        problems.push({
          file,
          pointer: '',
          message: `not valid JSON: ${(error as Error).message}`,
        });
      }
    }
  }
  return { files, sources, problems };
}

/** Like readRegistryDirectories, but a build cannot go on with a broken file: it throws. */
export function readRegistryFiles(root: string): RegistryFiles & { sources: string[] } {
  const { files, sources, problems } = readRegistryDirectories(root);
  if (problems.length > 0) {
    throw new Error(problems.map((p) => `${p.file}: ${p.message}`).join('\n'));
  }
  return { ...files, sources };
}
