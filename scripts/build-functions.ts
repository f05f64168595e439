/**
 * Builds the gateway Cloud Function into build/functions (firebase.json's functions.source):
 * one bundled index.js plus a generated package.json naming the runtime dependencies, so
 * `firebase deploy --only functions` works from a real machine. The funnels and schemas are
 * bundled in (virtual module `virtual:registry-files`), so the gateway validates with exactly
 * the JSON the browser was built from.
 *
 * Usage: tsx scripts/build-functions.ts [--watch]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { readRegistryFiles, registryRoot } from './lib/registryFiles';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'build/functions');
/** Where funnels/ and schemas/ are read from (REGISTRY_DIR, or the project). */
const registryDir = registryRoot(root);
// Installed by Cloud Functions from the generated package.json, not bundled: firebase-admin
// and firebase-functions must be the single copies the runtime loads.
const external = ['firebase-functions', 'firebase-admin'];

function publishedFolders(): string[] {
  const root = resolve(registryDir, 'funnels/published');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => resolve(root, entry.name));
}

const registryFilesPlugin: esbuild.Plugin = {
  name: 'registry-files',
  setup(build) {
    build.onResolve({ filter: /^virtual:registry-files$/ }, () => ({
      path: 'registry-files',
      namespace: 'registry-files',
    }));
    build.onResolve({ filter: /^virtual:published-versions$/ }, () => ({
      path: 'published-versions',
      namespace: 'registry-files',
    }));
    build.onLoad({ filter: /.*/, namespace: 'registry-files' }, (args) => {
      const { sources, published, ...files } = readRegistryFiles(registryDir);
      const contents = args.path === 'published-versions' ? Object.values(published) : files;
      return {
        contents: `export default ${JSON.stringify(contents)};`,
        loader: 'js',
        watchDirs: [
          resolve(registryDir, 'funnels'),
          resolve(registryDir, 'funnels/examples'),
          resolve(registryDir, 'schemas'),
          resolve(registryDir, 'funnels/published'),
          // A version published into a funnel's folder rebuilds the gateway too.
          ...publishedFolders(),
        ],
        watchFiles: sources,
      };
    });
  },
};

function writePackageJson(): void {
  const rootPackage = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const dependencies = Object.fromEntries(
    external.map((name) => [name, rootPackage.dependencies[name]]),
  );
  const functionsPackage = {
    name: 'vehicle-claims-gateway',
    private: true,
    main: 'index.js',
    // firebase-admin 14 needs Node 22 in the deployed runtime (the emulator uses the host's Node).
    engines: { node: '22' },
    dependencies,
  };
  writeFileSync(resolve(outDir, 'package.json'), `${JSON.stringify(functionsPackage, null, 2)}\n`);
}

const options: esbuild.BuildOptions = {
  entryPoints: [resolve(root, 'src/gateway/index.ts')],
  outfile: resolve(outDir, 'index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  plugins: [registryFilesPlugin],
  logLevel: 'warning',
};

mkdirSync(outDir, { recursive: true });
writePackageJson();
if (process.argv.includes('--watch')) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log('Watching src/gateway, funnels and schemas; the gateway is rebuilt on change.');
} else {
  await esbuild.build(options);
}
