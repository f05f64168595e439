/**
 * Finds the modules of a folder that do work when they are loaded: a call at the top, an
 * assignment to a global, a registration, a property read the bundler cannot prove harmless.
 * vite.config.ts tells the bundler that src/runtime has none (`treeshake.moduleSideEffects`),
 * so a module there imported only for its effect works on the dev server and is dropped from
 * the production build. The judge is the bundler itself: each module is bundled alone, imported
 * for its effect only, with every other module (its imports, packages, JSON) declared free of
 * effects; whatever code is left in the bundle is the module's own top-level work.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';

/** A module that does work when loaded, and the code the bundler kept for it. */
interface TopLevelEffect {
  /** Relative to the folder checked, with forward slashes. */
  module: string;
  kept: string;
}

const PROBE = '\0top-level-effects-probe';
/** How many modules are bundled at once (each bundle is small; the machine may be shared). */
const AT_ONCE = 4;

/** Every TypeScript module under `dir` (declaration files and tests aside). */
export function modulesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.(d|test)\.tsx?$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The code the bundler keeps when `file` is imported for its effect alone ('' when none). */
async function keptFor(file: string): Promise<string> {
  const bundle = await rolldown({
    input: PROBE,
    logLevel: 'silent',
    plugins: [
      {
        name: 'top-level-effects-probe',
        resolveId: (id) => (id === PROBE ? id : null),
        load: (id) => (id === PROBE ? `import ${JSON.stringify(file)};` : null),
      },
    ],
    // Packages are not read: a package's own effects are not this module's.
    external: (id) => id !== PROBE && !id.startsWith('.') && !path.isAbsolute(id),
    treeshake: { moduleSideEffects: (id) => id === file, propertyReadSideEffects: false },
  });
  try {
    const { output } = await bundle.generate({ format: 'esm', comments: false });
    return output
      .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
      .join('\n')
      .trim();
  } finally {
    await bundle.close();
  }
}

/** The modules under `dir` that do work when loaded, each with the code kept for it. */
export async function topLevelEffects(
  dir: string,
  modules: readonly string[] = modulesUnder(dir),
): Promise<TopLevelEffect[]> {
  const found: TopLevelEffect[] = [];
  const queue = [...modules];
  const worker = async (): Promise<void> => {
    for (let module = queue.shift(); module !== undefined; module = queue.shift()) {
      const kept = await keptFor(path.resolve(dir, module));
      if (kept) found.push({ module, kept });
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return found.sort((a, b) => a.module.localeCompare(b.module));
}
