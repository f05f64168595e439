/**
 * Builds the gateway Cloud Function into build/functions (firebase.json's functions.source):
 * one bundled index.js plus a generated package.json naming the runtime dependencies, so
 * `firebase deploy --only functions` works from a real machine. The funnels and schemas are
 * bundled in (virtual module `virtual:registry-files`), so the gateway validates with exactly
 * the JSON the browser was built from. So are the gateway's messages and email templates in
 * other languages (src/content's, and those of CONTENT_TRANSLATIONS_DIR when it is set), in
 * place of src/gateway/infra/translatedContent.ts, which reads them from disk outside a bundle.
 *
 * Usage: tsx scripts/build-functions.ts [--dev] [--watch]
 *
 * A build refuses a funnel or schema file that is broken. With --dev (as `npm start` builds),
 * a broken file takes out only the funnels it belongs to: the gateway serves every other one
 * and answers calls for those with their problems. --watch (implies --dev) rebuilds on every
 * change to src/, funnels/ and schemas/, and prints each broken funnel's problems once.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import {
  isSiteContentImport,
  isClaimStagesImport,
  claimStagesFile,
  readRegistryFiles,
  readPublishedFiles,
  readServableRegistry,
  registryDirectories,
  registryRoot,
  siteContentFile,
} from './lib/registryFiles';
import { brokenFunnelsReporter } from './lib/brokenFunnelsReport';
import { registryCacheFile } from './lib/checkCache';
import {
  EMAILS_FOLDER,
  MESSAGES_FOLDER,
  gatewayContentFolders,
  readTranslatedGatewayContent,
} from '../src/gateway/infra/contentLocales';

const root = resolve(import.meta.dirname, '..');
// Installed by Cloud Functions from the generated package.json, not bundled: firebase-admin
// and firebase-functions must be the single copies the runtime loads.
const external = ['firebase-functions', 'firebase-admin'];

export interface GatewayBuildOptions {
  /** Where funnels/ and schemas/ are read from. */
  registryDir: string;
  /** Where index.js and package.json go (build/functions). */
  outDir: string;
  /** Serve the good funnels when some files are broken (`npm start`), instead of failing. */
  dev: boolean;
  /** Told what changed about broken funnels, in lines for the terminal (dev only). */
  report?: (lines: string[]) => void;
}

function publishedFolders(registryDir: string): string[] {
  const folder = resolve(registryDir, 'funnels/published');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => resolve(folder, entry.name));
}

/**
 * The registry files as virtual modules. In dev a broken file never fails the load: were it to
 * throw, esbuild would lose the folders to watch and never pick up the fix.
 */
function registryFilesPlugin({ registryDir, dev, report }: GatewayBuildOptions): esbuild.Plugin {
  // funnels:check's checks and cache of this registry, so an edit is checked again in part.
  const reporter =
    report &&
    brokenFunnelsReporter({
      cacheFile: registryCacheFile(registryDirectories(resolve(registryDir))),
    });
  return {
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
        const watchDirs = [
          resolve(registryDir, 'funnels'),
          resolve(registryDir, 'funnels/examples'),
          resolve(registryDir, 'schemas'),
          resolve(registryDir, 'funnels/published'),
          // A version published into a funnel's folder rebuilds the gateway too.
          ...publishedFolders(registryDir),
        ];
        let contents: unknown;
        let watchFiles: string[];
        if (!dev) {
          const { sources, published, ...files } = readRegistryFiles(registryDir);
          contents =
            args.path === 'published-versions'
              ? Object.values(published)
              : { ...files, problems: [], servesBrokenFunnels: false };
          watchFiles = sources;
        } else if (args.path === 'published-versions') {
          const read = readPublishedFiles(resolve(registryDir, 'funnels'), registryDir);
          contents = Object.values(read.parsed);
          watchFiles = read.sources;
        } else {
          const { files, sources, problems } = readServableRegistry(registryDir);
          contents = { ...files, problems, servesBrokenFunnels: true };
          watchFiles = sources;
          const lines = reporter?.(files, problems) ?? [];
          if (lines.length > 0) report?.(lines);
        }
        return {
          contents: `export default ${JSON.stringify(contents)};`,
          loader: 'js',
          watchDirs,
          watchFiles,
        };
      });
    },
  };
}

function writePackageJson(outDir: string): void {
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

/**
 * Puts a finished build in place without a moment when the gateway has none: each file is
 * written whole into a folder beside build/functions, then renamed over the one it replaces
 * (a rename within one file system is atomic), source map first and index.js last, so the
 * Functions emulator, which reloads when index.js changes, never reads a half-written or
 * missing bundle. A failed build writes nothing: the last good one keeps serving.
 */
function swapIn(outputFiles: readonly esbuild.OutputFile[], outDir: string): void {
  const staging = `${outDir}.next`;
  mkdirSync(staging, { recursive: true });
  const ordered = [...outputFiles].sort(
    (a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')),
  );
  for (const file of ordered) {
    const target = resolve(outDir, basename(file.path));
    // An unchanged file is left alone: the emulator would reload the gateway for nothing (on
    // start the watching build's first output is the one just built).
    if (existsSync(target) && readFileSync(target).equals(file.contents)) continue;
    const staged = resolve(staging, basename(file.path));
    writeFileSync(staged, file.contents);
    renameSync(staged, target);
  }
}

/**
 * src/content/site.ts's site file and the runtime's claim stages file: the registry's own when
 * it has one.
 */
function siteContentPlugin({ registryDir }: GatewayBuildOptions): esbuild.Plugin {
  return {
    name: 'site-content',
    setup(build) {
      build.onResolve({ filter: /^\.\/site\.json$/ }, (args) =>
        isSiteContentImport(args.path, args.importer)
          ? { path: siteContentFile(root, registryDir) }
          : undefined,
      );
      build.onResolve({ filter: /claim-stages\.json$/ }, (args) =>
        isClaimStagesImport(args.path, args.importer)
          ? { path: claimStagesFile(root, registryDir) }
          : undefined,
      );
    },
  };
}

/** The module that reads the translated gateway files from disk, outside a bundle. */
const TRANSLATED_CONTENT_MODULE = resolve(root, 'src/gateway/infra/translatedContent');

/**
 * src/gateway/infra/translatedContent.ts as the files it would read, read now: the gateway's
 * messages and email templates in every other locale, from src/content and from the folder
 * CONTENT_TRANSLATIONS_DIR names (a test stack's locales) when it is set for the build.
 */
function translatedContentPlugin(): esbuild.Plugin {
  return {
    name: 'translated-content',
    setup(build) {
      build.onResolve({ filter: /\/translatedContent(\.ts)?$/ }, (args) =>
        resolve(dirname(args.importer), args.path).replace(/\.ts$/, '') ===
        TRANSLATED_CONTENT_MODULE
          ? { path: 'translated-content', namespace: 'translated-content' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'translated-content' }, () => {
        const folders = gatewayContentFolders(resolve(root, 'src/content'));
        const watchDirs = folders.flatMap((folder) => [
          folder,
          join(folder, MESSAGES_FOLDER),
          join(folder, EMAILS_FOLDER),
        ]);
        try {
          const content = readTranslatedGatewayContent(folders);
          return {
            contents: `export default ${JSON.stringify(content)};`,
            loader: 'js',
            watchDirs,
          };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }], watchDirs };
        }
      });
    },
  };
}

function buildOptions(options: GatewayBuildOptions): esbuild.BuildOptions {
  return {
    entryPoints: [resolve(root, 'src/gateway/index.ts')],
    outfile: resolve(options.outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external,
    // Written by swapIn, never by esbuild straight over the running bundle.
    write: false,
    plugins: [
      registryFilesPlugin(options),
      siteContentPlugin(options),
      translatedContentPlugin(),
      {
        name: 'swap-in',
        setup(build) {
          build.onEnd((result) => {
            if (result.errors.length === 0 && result.outputFiles) {
              swapIn(result.outputFiles, options.outDir);
            } else if (options.dev) {
              console.error('✖ The gateway was not rebuilt; the last good build keeps serving.');
            }
          });
        },
      },
    ],
    logLevel: 'warning',
  };
}

/** One build; rejects (writing nothing) when it fails, a broken registry file included. */
export async function buildGateway(
  options: GatewayBuildOptions,
  logLevel: esbuild.LogLevel = 'warning',
): Promise<void> {
  mkdirSync(options.outDir, { recursive: true });
  await esbuild.build({ ...buildOptions(options), logLevel });
  writePackageJson(options.outDir);
}

async function main(): Promise<void> {
  const watch = process.argv.includes('--watch');
  const options: GatewayBuildOptions = {
    registryDir: registryRoot(root),
    outDir: resolve(root, 'build/functions'),
    dev: watch || process.argv.includes('--dev'),
    report: watch ? (lines) => lines.forEach((line) => console.log(line)) : undefined,
  };
  if (!watch) {
    // esbuild has printed why (a broken funnel or schema file names itself).
    await buildGateway(options).catch(() => (process.exitCode = 1));
    return;
  }
  mkdirSync(options.outDir, { recursive: true });
  writePackageJson(options.outDir);
  const context = await esbuild.context(buildOptions(options));
  await context.watch();
  console.log('Watching src/, funnels and schemas; the gateway is rebuilt on change.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
