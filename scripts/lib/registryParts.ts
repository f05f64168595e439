/**
 * A build's registry in parts: each funnel's file with the schema files its pages use (their
 * `$ref`s followed), and the schema files no funnel uses (the component gallery's). The
 * browser loads the part of the funnel it opens first, and the rest after the page is drawn
 * (src/app/funnelRegistry.ts), so a funnel's first page does not carry every other funnel.
 * A schema two funnels share is in both parts: each part stands alone.
 */
import type { Funnel, JsonSchemaObject } from '../../src/runtime/funnel';
import { bundleSchema } from '../../src/runtime/funnel/schema/schemaBundle';

export interface RegistryPart {
  /** The funnel the part holds; undefined for the schemas no funnel uses. */
  funnelId: string | undefined;
  /** By path relative to the registry root, as `virtual:registry-files` keys them. */
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
}

export function registryParts(
  funnels: Readonly<Record<string, unknown>>,
  schemas: Readonly<Record<string, unknown>>,
): RegistryPart[] {
  const fileById = new Map(
    Object.entries(schemas).map(([file, schema]) => [
      String((schema as JsonSchemaObject).$id),
      file,
    ]),
  );
  const used = new Set<string>();
  const parts = Object.entries(funnels).map(([file, data]): RegistryPart => {
    const funnel = data as Funnel;
    const files = new Set<string>();
    // Bundling a page schema looks up each schema it refers to, and each of theirs.
    const lookup = (schemaId: string) => {
      const found = fileById.get(schemaId);
      if (found === undefined) return undefined;
      files.add(found);
      return schemas[found] as JsonSchemaObject;
    };
    for (const page of funnel.pages ?? []) bundleSchema(lookup, page.schema);
    for (const each of files) used.add(each);
    return {
      funnelId: funnel.funnelId,
      funnels: { [file]: data },
      schemas: Object.fromEntries([...files].sort().map((each) => [each, schemas[each]])),
    };
  });
  const others = Object.entries(schemas).filter(([file]) => !used.has(file));
  return [...parts, { funnelId: undefined, funnels: {}, schemas: Object.fromEntries(others) }];
}
