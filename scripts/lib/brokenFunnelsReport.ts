import {
  brokenFunnels,
  createRegistry,
  formatProblem,
  type Problem,
} from '../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../src/gateway/infra/validationWords';
import { openCheckCache } from './checkCache';
import type { RegistryFiles } from './registryFiles';

/**
 * What `npm start` prints about broken funnels, told only what changed since it last spoke:
 * each funnel that broke or whose problems changed, with the checker's lines
 * (`file: JSON pointer: message`, as funnels:check prints them and the gateway answers its
 * calls with), and each funnel that works again.
 *
 * The checks are the registry's, with the gateway's compiler, so the terminal and the gateway
 * agree on which funnels are out. Given `cacheFile` (funnels:check's cache file of the same
 * registry, in records of their own), a check after an edit compiles and checks again only
 * what the edit can change: with many funnels, an edit is told in a fraction of a second.
 */
export function brokenFunnelsReporter(
  options: { cacheFile?: string } = {},
): (files: RegistryFiles, unreadable: Problem[]) => string[] {
  let before = new Map<string, string>();
  return (files, unreadable) => {
    const cache = openCheckCache(options.cacheFile, { namespace: 'npm start' });
    // A fresh compiler each time: a schema edited under the same $id must be compiled anew.
    const result = createRegistry(files, {
      compileValidator: cache.compileValidator(createAjvCompileValidator()),
      words: validationWords(),
      exampleChecksMemo: cache.exampleChecks,
    });
    // funnels:check's own records in the file are kept for its next run.
    cache.save({ keepUnused: true });
    const problems = [...unreadable, ...(result.ok ? [] : result.problems)];
    const broken = brokenFunnels({ funnels: files.funnels, problems, registry: result.registry });
    const lines: string[] = [];
    const now = new Map<string, string>();
    for (const [funnelId, own] of broken) {
      const text = own.map(formatProblem).join('\n');
      now.set(funnelId, text);
      if (before.get(funnelId) === text) continue;
      lines.push(
        `✖ Funnel "${funnelId}" is left out until it is fixed (every other funnel is served):`,
        ...own.map((problem) => `✖   ${formatProblem(problem)}`),
      );
    }
    for (const funnelId of before.keys()) {
      // A funnel whose file was removed is not "served again": it is simply gone.
      if (!now.has(funnelId) && result.registry?.getFunnel(funnelId))
        lines.push(`✔ Funnel "${funnelId}" has no problems now and is served again.`);
    }
    before = now;
    return lines;
  };
}
