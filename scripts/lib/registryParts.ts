/**
 * A build's registry in parts, so a funnel's first page carries its own funnel and the one
 * page schema it draws, not every funnel and page (src/app/funnelRegistry.ts loads them):
 * - per funnel, its file as its first page reads it (firstPageView: the later pages without
 *   their uiSchemas, descriptions and letter of authority) and the schema files its first
 *   page uses, their `$ref`s followed, each shared file with only the definitions that page
 *   refers to;
 * - per funnel, its whole file and every schema file its later pages use, whole (they replace
 *   the first part's views when they load, after it), which load with the later pages'
 *   validators;
 * - the schema files no funnel uses (the component gallery's).
 * A schema two funnels share is in each of their parts: each part stands alone.
 */
import type { Funnel, JsonSchemaObject } from '../../src/runtime/funnel';
import { bundleSchema } from '../../src/runtime/funnel/schema/schemaBundle';

/** Files by path relative to the registry root, as `virtual:registry-files` keys them. */
export interface RegistryPart {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
}

export interface RegistryParts {
  /** By funnel id: its file and its first page's schema files. */
  firstPages: Map<string, RegistryPart>;
  /** By funnel id: its whole file, and the schema files its later pages use, whole. */
  laterPages: Map<string, RegistryPart>;
  /** The schema files no funnel uses. */
  otherSchemas: RegistryPart;
}

/** What a later page has that its funnel's first page never reads (see firstPageView). */
const LATER_PAGE_CONTENT = ['uiSchema', 'description', 'letterOfAuthority'] as const;

/**
 * The funnel file as its first page reads it: every page is there (navigation, progress and
 * titles read the list), the later ones without what only they draw. A later page is never
 * drawn from this view: it waits for the funnel's later part, whose whole file replaces it.
 */
function firstPageView(funnel: Funnel): Funnel {
  const [first, ...later] = funnel.pages ?? [];
  const drawnOnlyThere = (page: object) =>
    LATER_PAGE_CONTENT.some((key) => Object.hasOwn(page, key));
  if (!first || !later.some(drawnOnlyThere)) return funnel;
  const outline = later.map((page) => {
    const kept: Record<string, unknown> = { ...page };
    for (const key of LATER_PAGE_CONTENT) delete kept[key];
    return kept as unknown as Funnel['pages'][number];
  });
  return { ...funnel, pages: [first, ...outline] };
}

/**
 * A shared schema file with only the definitions a page schema refers to (`bundled`, that
 * page bundled): the first part's copy. The whole file when the page refers to anything in it
 * other than a definition.
 */
function definitionsUsed(
  file: JsonSchemaObject,
  bundled: JsonSchemaObject,
  isPage: boolean,
): JsonSchemaObject {
  const definitions = file.definitions as Record<string, unknown> | undefined;
  if (isPage || !definitions) return file;
  const prefix = `${String(file.$id)}.`;
  const names = Object.keys((bundled.definitions as Record<string, unknown>) ?? {})
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length));
  const all = Object.keys(definitions).length;
  if (names.length === all || names.some((name) => !Object.hasOwn(definitions, name))) return file;
  return {
    ...file,
    definitions: Object.fromEntries(names.sort().map((name) => [name, definitions[name]])),
  };
}

export function registryParts(
  funnels: Readonly<Record<string, unknown>>,
  schemas: Readonly<Record<string, unknown>>,
): RegistryParts {
  const fileById = new Map(
    Object.entries(schemas).map(([file, schema]) => [
      String((schema as JsonSchemaObject).$id),
      file,
    ]),
  );
  /**
   * The schema files a page schema uses (its own and those it refers to, theirs too), and the
   * page schema bundled.
   */
  const bundle = (schemaId: string) => {
    const files = new Set<string>();
    // Bundling a page schema looks up each schema it refers to, and each of theirs.
    const result = bundleSchema((id) => {
      const found = fileById.get(id);
      if (found === undefined) return undefined;
      files.add(found);
      return schemas[found] as JsonSchemaObject;
    }, schemaId);
    return { files, bundled: result.ok ? result.schema : undefined };
  };
  const filesOf = (schemaId: string): Set<string> => bundle(schemaId).files;
  const schemasIn = (files: Iterable<string>) =>
    Object.fromEntries([...files].sort().map((file) => [file, schemas[file]]));
  const used = new Set<string>();
  const firstPages = new Map<string, RegistryPart>();
  const laterPages = new Map<string, RegistryPart>();
  for (const [file, data] of Object.entries(funnels)) {
    const funnel = data as Funnel;
    const [first, ...later] = funnel.pages ?? [];
    const firstPage = first
      ? bundle(first.schema)
      : { files: new Set<string>(), bundled: undefined };
    const firstFiles = firstPage.files;
    const laterFiles = new Set(later.flatMap((page) => [...filesOf(page.schema)]));
    for (const each of [...firstFiles, ...laterFiles]) used.add(each);
    const firstPageSchemas = Object.fromEntries(
      Object.entries(schemasIn(firstFiles)).map(([each, schema]) => [
        each,
        firstPage.bundled
          ? definitionsUsed(
              schema as JsonSchemaObject,
              firstPage.bundled,
              (schema as JsonSchemaObject).$id === first?.schema,
            )
          : schema,
      ]),
    );
    const firstPageFunnel = firstPageView(funnel);
    firstPages.set(funnel.funnelId, {
      funnels: { [file]: firstPageFunnel },
      schemas: firstPageSchemas,
    });
    // Whole: they replace the first part's views of the same files.
    const laterPageSchemas = [
      ...[...laterFiles].filter((each) => !firstFiles.has(each)),
      ...[...firstFiles].filter((each) => firstPageSchemas[each] !== schemas[each]),
    ];
    laterPages.set(funnel.funnelId, {
      funnels: firstPageFunnel === funnel ? {} : { [file]: data },
      schemas: schemasIn(laterPageSchemas),
    });
  }
  const others = Object.keys(schemas).filter((file) => !used.has(file));
  return { firstPages, laterPages, otherSchemas: { funnels: {}, schemas: schemasIn(others) } };
}
