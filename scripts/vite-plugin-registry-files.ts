import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { isFormatSchema } from '../src/runtime/funnel/schema/schemaFiles';
import { offeredContentLocales } from './lib/contentLocales';
import { registryParts, type RegistryParts } from './lib/registryParts';
import { FIRST_PAGE_VALIDATORS_PREFIX } from './vite-plugin-precompiled-validators';
import { withTranslationsOnlyIn } from '../src/runtime/funnel/words/translations';
import { setAsideLanguagesInProgress } from '../src/runtime/funnel/words/languagesInProgress';
import {
  readPublishedFiles,
  readRegistryDirectories,
  readServableRegistry,
  registryRoot,
} from './lib/registryFiles';

/**
 * JSON as a single-quoted JS string: JSON's own double quotes need no escaping in it, which
 * keeps the bundle as small as the JSON (the way Vite inlines JSON with `json.stringify`).
 */
function singleQuoted(json: string): string {
  const escaped = json
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

/** Default export: `{ funnels, schemas, examples (dev only), problems }`, typed in src/app/virtual-modules.d.ts. */
export const REGISTRY_FILES_ID = 'virtual:registry-files';
const RESOLVED_ID = `\0${REGISTRY_FILES_ID}`;
/** Default export: one funnel's file and the schema files it uses (a build's `parts`). */
export const REGISTRY_PART_PREFIX = 'virtual:registry-files/funnel/';
const LATER_PAGES_PREFIX = 'virtual:registry-files/later-pages/';
const OTHER_SCHEMAS_ID = 'virtual:registry-files/other-schemas';
const isPartId = (source: string) =>
  source.startsWith(REGISTRY_PART_PREFIX) ||
  source.startsWith(LATER_PAGES_PREFIX) ||
  source === OTHER_SCHEMAS_ID;
/** Default export: every published snapshot (src/app/versions/publishedVersions.ts loads it on demand). */
export const PUBLISHED_VERSIONS_ID = 'virtual:published-versions';
const RESOLVED_PUBLISHED_ID = `\0${PUBLISHED_VERSIONS_ID}`;

/**
 * The browser's funnels and schemas: every `funnels/*.json` and `schemas/*.json` of the
 * registry root (scripts/lib/registryFiles.ts), keyed by path as funnels:check names them.
 *
 * The files are one JSON.parse of a string, which a browser parses faster than the same data
 * as object literals. A build refuses a file that is not JSON. Under the dev server such a
 * file is passed on as a problem, so only its funnel breaks; and a funnel or schema added,
 * changed or removed reloads the page, so a product owner sees it without a restart.
 */
export function registryFilesPlugin(): Plugin {
  let root = process.cwd();
  // The project's own root, whose content files say which languages the site is offered in
  // (`root` is the registry's, a copy elsewhere when REGISTRY_DIR is set).
  let projectRoot = process.cwd();
  let serving = false;
  const watched = () => [path.join(root, 'funnels'), path.join(root, 'schemas')];
  const isRegistryFile = (file: string) => {
    const directory = path.dirname(path.resolve(file));
    const published = path.join(root, 'funnels', 'published');
    return (
      file.endsWith('.json') &&
      (watched().includes(directory) || path.dirname(directory) === published)
    );
  };

  /**
   * The registry a build ships, read and split into parts once per build. It is prechecked:
   * it never reads the format schemas (funnel, funnel-examples, claim-stages), so claimants
   * do not download them. Nor does a claimant download a funnel's text in a language the site
   * is not offered in.
   */
  let built: { sources: string[]; parts: RegistryParts } | undefined;
  const shippedRegistry = () => {
    if (built) return built;
    const { files, sources, problems } = readRegistryDirectories(root);
    if (problems.length > 0) {
      throw new Error(problems.map((p) => `${p.file}: ${p.message}`).join('\n'));
    }
    const locales = offeredContentLocales(projectRoot);
    const shipped = (data: unknown) => withTranslationsOnlyIn(data, locales);
    // A funnel's language still being translated ships as if not started (as the checks read it).
    const complete = setAsideLanguagesInProgress(files);
    const schemas = Object.fromEntries(
      Object.entries(complete.schemas)
        .filter(([, schema]) => !isFormatSchema(String((schema as { $id?: unknown }).$id)))
        .map(([file, schema]) => [file, shipped(schema)]),
    );
    const funnels = Object.fromEntries(
      Object.entries(complete.funnels).map(([file, data]) => [file, shipped(data)]),
    );
    built = { sources, parts: registryParts(funnels, schemas) };
    return built;
  };

  return {
    name: 'vehicle-claims:registry-files',
    buildStart() {
      built = undefined;
    },
    configResolved(config) {
      root = registryRoot(config.root);
      projectRoot = config.root;
      serving = config.command === 'serve';
    },
    resolveId(source) {
      if (source === PUBLISHED_VERSIONS_ID) return RESOLVED_PUBLISHED_ID;
      if (isPartId(source)) return `\0${source}`;
      return source === REGISTRY_FILES_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id.startsWith('\0') && isPartId(id.slice(1))) {
        const source = id.slice(1);
        const { parts } = shippedRegistry();
        const part = source.startsWith(REGISTRY_PART_PREFIX)
          ? parts.firstPages.get(source.slice(REGISTRY_PART_PREFIX.length))
          : source.startsWith(LATER_PAGES_PREFIX)
            ? parts.laterPages.get(source.slice(LATER_PAGES_PREFIX.length))
            : parts.otherSchemas;
        if (!part) throw new Error(`no such part of the registry: ${source}`);
        const files = `JSON.parse(${singleQuoted(JSON.stringify(part))})`;
        if (!source.startsWith(REGISTRY_PART_PREFIX)) return `export default ${files};\n`;
        // A funnel's first page comes with the validators it runs (its page and conditions).
        const funnelId = source.slice(REGISTRY_PART_PREFIX.length);
        const validators = JSON.stringify(`${FIRST_PAGE_VALIDATORS_PREFIX}${funnelId}.cjs`);
        return [
          `import validators from ${validators};`,
          `export default { ...${files}, validators };`,
          '',
        ].join('\n');
      }
      if (id === RESOLVED_PUBLISHED_ID) {
        const read = readPublishedFiles(path.join(root, 'funnels'), root);
        if (read.problems.length > 0 && !serving) {
          throw new Error(read.problems.map((p) => `${p.file}: ${p.message}`).join('\n'));
        }
        for (const source of read.sources) this.addWatchFile(source);
        return `export default JSON.parse(${singleQuoted(JSON.stringify(Object.values(read.parsed)))});\n`;
      }
      if (id !== RESOLVED_ID) return null;
      if (serving) {
        const { files, sources, problems: unreadable } = readServableRegistry(root);
        for (const source of sources) this.addWatchFile(source);
        // The dev server also checks each funnel's examples, as the gateway under `npm start`
        // does, so a funnel the gateway leaves out shows its problems in the browser too. A
        // language still being translated is set aside here, as the checks set it aside, since
        // the prerenderer reads these files without checking them.
        const { funnels, schemas, problems: mistakes } = setAsideLanguagesInProgress(files);
        const { examples } = files;
        const problems = [...unreadable, ...mistakes];
        return `export default JSON.parse(${singleQuoted(JSON.stringify({ funnels, schemas, examples, problems }))});\n`;
      }
      const { sources, parts } = shippedRegistry();
      for (const source of sources) this.addWatchFile(source);
      // A build's page loads only its own funnel's files: its file and first page's
      // schemas, then its later pages' with their validators (scripts/lib/registryParts.ts).
      const importers = (prefix: string, funnelIds: Iterable<string>) =>
        [...funnelIds]
          .map((funnelId) => {
            const source = JSON.stringify(prefix + funnelId);
            return `${JSON.stringify(funnelId)}: () => import(${source})`;
          })
          .join(', ');
      const { firstPages, laterPages } = parts;
      return [
        'export default {',
        '  funnels: {}, schemas: {}, problems: [],',
        `  parts: { ${importers(REGISTRY_PART_PREFIX, firstPages.keys())} },`,
        `  laterPages: { ${importers(LATER_PAGES_PREFIX, laterPages.keys())} },`,
        `  otherSchemas: () => import(${JSON.stringify(OTHER_SCHEMAS_ID)}),`,
        '};',
        '',
      ].join('\n');
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(watched());
      const reload = (file: string) => {
        if (!isRegistryFile(file)) return;
        for (const environment of Object.values(server.environments)) {
          for (const id of [RESOLVED_ID, RESOLVED_PUBLISHED_ID]) {
            const module = environment.moduleGraph.getModuleById(id);
            if (module) environment.moduleGraph.invalidateModule(module);
          }
        }
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', reload);
      server.watcher.on('change', reload);
      server.watcher.on('unlink', reload);
    },
  };
}
