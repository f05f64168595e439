import {
  compileOncePerKey,
  createPrecheckedRegistry,
  createRegistry,
  formatProblem,
  funnelLocales,
  localizeFunnel,
  localizeSchema,
  pageSchemaKey,
  problemsOfFunnel,
  type CompileValidator,
  type Funnel,
  type FunnelRegistry,
  type JsonSchemaObject,
  type Problem,
  type ValidateFn,
} from '../runtime/funnel';
import registryFiles from 'virtual:registry-files';
import {
  addFirstPageValidators,
  allValidatorsLoaded,
  createCompileValidator,
  loadAllValidators,
  validationText,
} from './validators';
import { activeLocale, SITE_LOCALE, siteLocaleList } from './locale/siteLocale';

// Every funnel and schema file (scripts/vite-plugin-registry-files.ts); in `npm start` adding
// or editing one reloads the page. A build's come in parts, added here as they load.
const { examples, problems: unreadable, parts = {}, laterPages = {}, otherSchemas } = registryFiles;
const funnels: Record<string, unknown> = { ...registryFiles.funnels };
const schemas: Record<string, unknown> = { ...registryFiles.schemas };

let registry: FunnelRegistry | undefined;
let compileValidator: CompileValidator | undefined;

const buildOrder = Object.keys(parts);

/**
 * The funnels in the build's order (their files' order), however their parts arrived: the
 * home page, the staff screens and the registry list them in it.
 */
function keepBuildOrder(files: Record<string, unknown>): void {
  // Funnel files are checked funnels when the build is made; an id not built ranks first (-1).
  const rank = (data: unknown) => buildOrder.indexOf((data as Funnel).funnelId);
  const ordered = Object.entries(files).sort(([, a], [, b]) => rank(a) - rank(b));
  for (const [file] of ordered) delete files[file];
  for (const [file, data] of ordered) files[file] = data;
}

/** The key of a funnel's later part, before its funnel id. */
const LATER_PART = 'later:';

type PartImporter = () => Promise<{
  default: { funnels: object; schemas: object; validators?: Readonly<Record<string, unknown>> };
}>;

/**
 * The build's registry parts by key: by funnel id its file and first page's schemas (and
 * validators), `later:<funnelId>` its later pages' schemas, '' the schemas no funnel uses.
 * Empty under the dev server, which has every file at once.
 */
const partImporters: Record<string, PartImporter> = {
  ...parts,
  ...Object.fromEntries(
    Object.entries(laterPages).map(([funnelId, importer]) => [
      `${LATER_PART}${funnelId}`,
      importer,
    ]),
  ),
  ...(otherSchemas ? { '': otherSchemas } : {}),
};
const partLoads = new Map<string, Promise<void>>();
const partsLoaded = new Set<string>();

function loadPart(key: string): Promise<void> {
  const importer = Object.hasOwn(partImporters, key) ? partImporters[key] : undefined;
  if (!importer || partsLoaded.has(key)) return Promise.resolve();
  let load = partLoads.get(key);
  if (!load) {
    // A funnel's later part holds its whole files, which replace the first part's views of
    // them (scripts/lib/registryParts.ts): it is added after the first part, never before.
    const firstPart = key.startsWith(LATER_PART) ? loadPart(key.slice(LATER_PART.length)) : null;
    load = Promise.all([importer(), firstPart]).then(
      ([{ default: part }]) => {
        // The validators first: the registry compiles the part's schemas as it is built again.
        if (part.validators) addFirstPageValidators(part.validators);
        Object.assign(funnels, part.funnels);
        Object.assign(schemas, part.schemas);
        keepBuildOrder(funnels);
        partsLoaded.add(key);
        // Read again from the files now held; a registry already handed out stays as it was.
        registry = undefined;
        localized.clear();
      },
      (error: unknown) => {
        partLoads.delete(key);
        throw error;
      },
    );
    partLoads.set(key, load);
  }
  return load;
}

/**
 * Whether the registry holds this funnel and its first page, as far as this page has loaded
 * it: a build's page loads the funnel it opens first, and the rest after it is drawn
 * (loadLaterPages). True for a funnel no part holds (it is unknown, not loading) and under
 * the dev server.
 */
export function funnelFilesLoaded(funnelId: string): boolean {
  return !Object.hasOwn(parts, funnelId) || partsLoaded.has(funnelId);
}

/**
 * Loads one funnel and its first page's schemas into the registry; a failed load (offline)
 * is tried again next call.
 */
export function loadFunnelFiles(funnelId: string): Promise<void> {
  return Object.hasOwn(parts, funnelId) ? loadPart(funnelId) : Promise.resolve();
}

/** Loads every funnel and schema file: what a page listing funnels, or any schema, needs. */
export function loadAllFunnelFiles(): Promise<void> {
  return Promise.all(Object.keys(partImporters).map(loadPart)).then(() => undefined);
}

let laterPagesLoad: Promise<void> | undefined;

/**
 * Loads what any page after a first one needs: every page's validators and every funnel's
 * files (a first page's come with its funnel's first part). One promise until it settles, so a screen
 * suspended on it resumes with it; a failed load (offline) is tried again next call.
 */
export function loadLaterPages(): Promise<void> {
  laterPagesLoad ??= Promise.all([loadAllValidators(), loadAllFunnelFiles()]).then(
    () => undefined,
    (error: unknown) => {
      laterPagesLoad = undefined;
      throw error;
    },
  );
  return laterPagesLoad;
}

/** True once any page can be drawn and checked without loading more (see loadLaterPages). */
export function laterPagesLoaded(): boolean {
  return allValidatorsLoaded() && Object.keys(partImporters).every((key) => partsLoaded.has(key));
}

/** The browser's one validator compiler (each schema key compiled or looked up once). */
export function validatorCompiler(): CompileValidator {
  compileValidator ??= compileOncePerKey(createCompileValidator());
  return compileValidator;
}

let problems: readonly Problem[] = [];

/**
 * The browser's registry, built once from the same JSON the gateway and the CLI use. A
 * broken funnel never reaches a claimant (funnels:check and the build fail first, so a
 * production bundle does not check again). In development every check runs: a broken funnel
 * breaks only itself (its pages name the problems, see funnelProblems), the others keep
 * working, and the console names every problem once.
 */
export function funnelRegistry(): FunnelRegistry {
  const own = registryAsWritten();
  const locale = activeLocale();
  return locale === SITE_LOCALE ? own : localizedRegistry(own, locale);
}

const localized = new Map<string, FunnelRegistry>();

/**
 * The registry read in another locale: each funnel that offers it, and every page schema, with
 * their text in it (localizeFunnel, localizeSchema). Only text differs, so it needs no second
 * check: its funnels are those the registry as written holds, and its validators the same
 * ones (looked up by schema key).
 */
function localizedRegistry(own: FunnelRegistry, locale: string): FunnelRegistry {
  const found = localized.get(locale);
  if (found) return found;
  const localizedFunnels = Object.fromEntries(
    Object.entries(funnels).flatMap(([file, data]) => {
      // A funnel file names its funnelId; one the registry does not hold is left out just below.
      const funnel = own.getFunnel((data as Funnel).funnelId);
      return funnel ? [[file, localizeFunnel(funnel, locale)]] : [];
    }),
  );
  // In development a broken schema file stays out, as it is out of the registry as written.
  const broken = new Set(problems.map((problem) => problem.file));
  const localizedSchemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([file]) => !broken.has(file))
      // The broken schema files were filtered out just above; the rest are schema objects.
      .map(([file, data]) => [file, localizeSchema(data as JsonSchemaObject, locale)]),
  );
  const result = createPrecheckedRegistry(
    { funnels: localizedFunnels, schemas: localizedSchemas },
    { compileValidator: validatorCompiler(), words: validationText },
  );
  if (!result.ok) {
    // Not reached after funnels:check: the text changed, nothing else. Said, and read as written.
    console.error(`Funnels in ${locale}:\n${result.problems.map(formatProblem).join('\n')}`);
    return own;
  }
  localized.set(locale, result.registry);
  return result.registry;
}

/**
 * The locales a claimant may read this funnel in: those the site is complete in that the
 * funnel offers too (funnels:check has made sure each is complete), the site's own first.
 */
export function offeredLocales(funnel: Funnel): string[] {
  const funnels = funnelLocales(funnel);
  return siteLocaleList().filter((locale) => funnels.includes(locale));
}

/**
 * The language a claim in this funnel is being written in, to record with its saves: the
 * active one, where the claimant could choose it; undefined where there was no choice (the
 * claim keeps the funnel's own).
 */
export function claimLocale(funnel: Funnel): string | undefined {
  const offered = offeredLocales(funnel);
  const locale = activeLocale();
  return offered.length > 1 && offered.includes(locale) ? locale : undefined;
}

function registryAsWritten(): FunnelRegistry {
  if (registry) return registry;
  // A constant in a build, so the production bundle holds no checking code at all.
  const result = import.meta.env.PROD
    ? createPrecheckedRegistry(
        { funnels, schemas },
        { compileValidator: validatorCompiler(), words: validationText },
      )
    : createRegistry(
        { funnels, schemas, examples },
        { compileValidator: validatorCompiler(), words: validationText },
      );
  // A file that is not JSON (development only: a build refuses it) comes first: what the
  // registry says about the funnels and pages that miss it follows from it.
  const found = [...unreadable, ...(result.ok ? [] : result.problems)];
  problems = found;
  const text = found.map(formatProblem).join('\n');
  if (!result.registry) throw new Error(`Invalid funnels or schemas:\n${text}`);
  if (found.length > 0) {
    console.error(`Funnels with problems are left out until they are fixed:\n${text}`);
  }
  registry = result.registry;
  return registry;
}

/**
 * The problems that keep a funnel out of the registry (development only): those in its file,
 * its examples file, or a schema file one of its pages names. Empty for a working funnel.
 */
export function funnelProblems(funnelId: string): readonly Problem[] {
  const current = funnelRegistry();
  return problemsOfFunnel(funnelId, { funnels, problems, registry: current });
}

/**
 * The validator of a page schema that no funnel page uses, such as the component gallery's.
 * @throws Error when schemas/ has no such page schema.
 */
export function pageSchemaValidator(schemaId: string): ValidateFn {
  const schema = funnelRegistry().bundlePageSchema(schemaId);
  if (!schema) throw new Error(`no page schema "${schemaId}" in schemas/`);
  // The registry compiled this very schema object under this key, so this is a look-up.
  return validatorCompiler()(pageSchemaKey(schemaId), schema, validationText);
}
