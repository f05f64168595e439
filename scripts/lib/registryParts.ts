/**
 * A build's registry in parts, so a funnel's first page carries its own funnel and the one
 * page schema it draws, not every funnel and page (src/app/funnelRegistry.ts loads them):
 * - per funnel, its file and the schema files its first page uses (their `$ref`s followed);
 * - per funnel, the schema files its later pages use besides those, which load with the later
 *   pages' validators;
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
  /** By funnel id: the schema files only its later pages use. */
  laterPages: Map<string, RegistryPart>;
  /** The schema files no funnel uses. */
  otherSchemas: RegistryPart;
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
  /** The schema files a page schema uses: its own and those it refers to, theirs too. */
  const filesOf = (schemaId: string): Set<string> => {
    const files = new Set<string>();
    // Bundling a page schema looks up each schema it refers to, and each of theirs.
    bundleSchema((id) => {
      const found = fileById.get(id);
      if (found === undefined) return undefined;
      files.add(found);
      return schemas[found] as JsonSchemaObject;
    }, schemaId);
    return files;
  };
  const schemasIn = (files: Iterable<string>) =>
    Object.fromEntries([...files].sort().map((file) => [file, schemas[file]]));
  const used = new Set<string>();
  const firstPages = new Map<string, RegistryPart>();
  const laterPages = new Map<string, RegistryPart>();
  for (const [file, data] of Object.entries(funnels)) {
    const funnel = data as Funnel;
    const [first, ...later] = funnel.pages ?? [];
    const firstFiles = first ? filesOf(first.schema) : new Set<string>();
    const laterFiles = new Set(
      later.flatMap((page) => [...filesOf(page.schema)]).filter((each) => !firstFiles.has(each)),
    );
    for (const each of [...firstFiles, ...laterFiles]) used.add(each);
    firstPages.set(funnel.funnelId, { funnels: { [file]: data }, schemas: schemasIn(firstFiles) });
    laterPages.set(funnel.funnelId, { funnels: {}, schemas: schemasIn(laterFiles) });
  }
  const others = Object.keys(schemas).filter((file) => !used.has(file));
  return { firstPages, laterPages, otherSchemas: { funnels: {}, schemas: schemasIn(others) } };
}
