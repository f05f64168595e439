import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';
import {
  LATEST_BUILD_PATH,
  buildMetaPath,
  parseRouteRules,
  type BuildManifest,
  type LatestBuild,
} from '../src/runtime/web';
import { DEV_BUILD_ID } from '../src/runtime/constants';

/** Options of buildManifestPlugin. */
export interface BuildManifestPluginOptions {
  /** Route rules by app path, normally `src/app/routeRules.json`; checked at build time. */
  routeRules: unknown;
  /** Paths served as prerendered HTML; none today. */
  prerendered?: string[];
  /** Fixed build id (tests, reproducible CI builds); a random UUID per build otherwise. */
  buildId?: string;
  /** Clock for the build timestamp, injectable for tests. */
  now?: () => number;
}

/**
 * Emits the build manifest the app polls and prefetches (src/platform/buildWatcher.ts):
 * `builds/latest.json` (`{id, timestamp}`) and `builds/meta/<id>.json` (plus route rules and
 * prerendered paths), and exposes the id to the app as `import.meta.env.VITE_BUILD_ID`
 * (`dev` under the dev server, which emits no manifest). Invalid route rules fail the build.
 */
export function buildManifestPlugin(options: BuildManifestPluginOptions): Plugin {
  const { rules, problems } = parseRouteRules(options.routeRules);
  if (problems.length > 0) throw new Error(`Invalid route rules:\n- ${problems.join('\n- ')}`);
  const now = options.now ?? Date.now;
  let latest: LatestBuild = { id: DEV_BUILD_ID, timestamp: 0 };
  let ssr = false;

  return {
    name: 'vehicle-claims:build-manifest',
    config(_config, env) {
      // A fresh id per build, fixed for the whole build, so the bundle and the files agree.
      const id = env.command === 'serve' ? DEV_BUILD_ID : (options.buildId ?? randomUUID());
      latest = { id, timestamp: now() };
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } };
    },
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      // Only the browser bundle is deployed under builds/; a server bundle would duplicate it.
      if (ssr) return;
      const manifest: BuildManifest = {
        ...latest,
        routeRules: rules,
        prerendered: options.prerendered ?? [],
      };
      this.emitFile({
        type: 'asset',
        fileName: LATEST_BUILD_PATH,
        source: `${JSON.stringify(latest)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: buildMetaPath(latest.id),
        source: `${JSON.stringify(manifest)}\n`,
      });
    },
  };
}
