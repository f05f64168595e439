/**
 * Published funnel versions: what a claim is pinned to. A version is published by writing its
 * snapshot, `funnels/published/<funnelId>/<version>.json` (npm run funnels:publish): the
 * funnel as written and every page schema it uses, bundled, so a later edit to a shared
 * schema cannot change a version claims already started on. A snapshot never changes; the
 * checks here prove it and name what an edit would alter.
 */
import type { Funnel, FunnelExample, JsonSchemaObject, Problem } from '../funnel';
import { funnelLocales, withTranslationsOnlyIn } from '../funnel/words/translations';
import { funnelSchemaWords, type SchemaWords } from '../funnel/words/schemaWording';
import { schemaInWords } from '../funnel/words/schemaInWords';
import { forEachSchemaObject } from '../funnel/schema/schemaWalk';

/** One published version of a funnel, as its snapshot file holds it. */
export interface PublishedVersion {
  funnelId: string;
  version: number;
  /** `sha256:<hex>` of canonicalJson({ funnel, schemas }): what claims record and signatures name. */
  hash: string;
  funnel: Funnel;
  /** Every page schema the funnel's pages name, bundled (no reference to another file), by `$id`. */
  schemas: Record<string, JsonSchemaObject>;
  /** The funnel's example answers when it was published: what its successor's migration is tested on. */
  examples: FunnelExample[];
  /**
   * True in every snapshot published since a question's schema `description` became the hint
   * under its label. Earlier snapshots' descriptions were notes for developers that no page
   * drew (only a file question's): publishedSchemaAsDrawn keeps them off its pages. Not part of
   * the hash, which covers what the claimant answers and is checked against.
   */
  schemaDescriptionsShown?: true;
}

/** Keywords whose objects hold texts or messages by name, not subschemas. */
const TEXT_MAPS = ['x-errorMessages', 'x-translations'];

/**
 * A published page schema as its pages are drawn: as it is, or, in a snapshot published
 * before questions' descriptions were shown (no `schemaDescriptionsShown`), without the
 * descriptions no page drew then, so a claim still on such a version never shows a note
 * written for developers as a hint. A file question's (`x-evidence`) was drawn, and stays.
 */
export function publishedSchemaAsDrawn(
  snapshot: Pick<PublishedVersion, 'schemaDescriptionsShown'>,
  schema: JsonSchemaObject,
): JsonSchemaObject {
  if (snapshot.schemaDescriptionsShown === true) return schema;
  const copy = structuredClone(schema);
  forEachSchemaObject(copy, (node, pointer) => {
    if (TEXT_MAPS.some((keyword) => pointer.startsWith(`/${keyword}`))) return;
    if (typeof node.description === 'string' && !('x-evidence' in node)) delete node.description;
  });
  return copy;
}

/** What a version's hash covers: the funnel and its bundled page schemas. */
interface VersionContent {
  funnel: Funnel;
  schemas: Record<string, JsonSchemaObject>;
}

/** Turns text into a `sha256:<hex>` digest (node:crypto where it runs; the runtime stays pure). */
export type ContentHasher = (text: string) => string;

/** Where a funnel's snapshot of `version` lives, relative to the project. */
export function publishedVersionFile(funnelId: string, version: number): string {
  return `funnels/published/${funnelId}/${version}.json`;
}

/**
 * JSON with every object's keys in code-unit order, so the same content always hashes the
 * same, however a file's keys were ordered or indented.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A funnel's content as it would be published: the funnel and each page schema it names,
 * bundled by `bundle` (the registry's bundlePageSchema), with the schema's text in the
 * languages the funnel offers only: a schema shared by several funnels, translated for one
 * of them or while a language is still being translated, changes no other version.
 * Undefined when a schema is missing.
 */
export function versionContentOf(
  funnel: Funnel,
  bundle: (schemaId: string) => JsonSchemaObject | undefined,
): VersionContent | undefined {
  const schemas: Record<string, JsonSchemaObject> = {};
  for (const schemaId of [...new Set(funnel.pages.map((page) => page.schema))].sort()) {
    const schema = bundle(schemaId);
    if (!schema) return undefined;
    schemas[schemaId] = withTranslationsOnlyIn(schema, funnelLocales(funnel));
  }
  return { funnel, schemas };
}

/**
 * The part of a funnel a version fixes: everything but its `roles`, which say how the
 * platform reads a claim (staff list, emails, search), and its `lifecycle`, the stages staff
 * move a sent claim through: neither is what the claimant answers or is checked against, and
 * both are read from the current file for claims on every version.
 */
export function versionedFunnelOf(funnel: Funnel): Omit<Funnel, 'roles' | 'lifecycle'> {
  const { roles: _roles, lifecycle: _lifecycle, ...versioned } = funnel;
  return versioned;
}

/** The text a version's hash is taken of: its funnel without roles or lifecycle, and its schemas. */
export function versionText(content: VersionContent): string {
  return canonicalJson({ funnel: versionedFunnelOf(content.funnel), schemas: content.schemas });
}

export function versionHash(content: VersionContent, hash: ContentHasher): string {
  return hash(versionText(content));
}

/** A snapshot file's content: every field checked, so a hand-edited file is named, not trusted. */
function snapshotShapeProblems(data: unknown): Array<{ pointer: string; message: string }> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return [{ pointer: '', message: 'a published version must hold a JSON object' }];
  }
  // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
  const snapshot = data as Record<string, unknown>;
  const problems: Array<{ pointer: string; message: string }> = [];
  const expect = (key: string, ok: boolean, what: string) => {
    if (!ok) problems.push({ pointer: `/${key}`, message: `must be ${what}` });
  };
  expect('funnelId', typeof snapshot.funnelId === 'string', 'the funnel id');
  expect(
    'version',
    typeof snapshot.version === 'number' &&
      Number.isInteger(snapshot.version) &&
      snapshot.version >= 1,
    'a whole number, 1 or more',
  );
  expect(
    'hash',
    typeof snapshot.hash === 'string' && /^sha256:[0-9a-f]{64}$/.test(snapshot.hash),
    'sha256: and 64 hex digits',
  );
  expect(
    'funnel',
    isObject(snapshot.funnel) && Array.isArray(snapshot.funnel.pages),
    'the funnel as published',
  );
  expect(
    'schemas',
    isObject(snapshot.schemas) && Object.values(snapshot.schemas).every(isObject),
    'an object of page schemas by $id',
  );
  expect('examples', Array.isArray(snapshot.examples), 'the example answers as published');
  if (snapshot.schemaDescriptionsShown !== undefined) {
    expect(
      'schemaDescriptionsShown',
      snapshot.schemaDescriptionsShown === true,
      'true (or left out, in a snapshot published before descriptions were shown)',
    );
  }
  return problems;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface PublishedCheckInput {
  /** The funnels as written now, with their file and their content (undefined: not loadable). */
  current: ReadonlyArray<{ file: string; funnel: Funnel; content: VersionContent | undefined }>;
  /** The funnelId of every funnel file there is, loadable or not (a removed funnel is named). */
  writtenFunnelIds: ReadonlySet<string>;
  /** Every snapshot file read, by path (`funnels/published/<funnelId>/<version>.json`). */
  published: Readonly<Record<string, unknown>>;
  /** The schema file of each schema `$id`, to name the file an edit was made in. */
  schemaFileOf: (schemaId: string) => string;
  hash: ContentHasher;
  /**
   * The word for a claim of a funnel that names none (the validation messages' `claim.noun`):
   * schemas are compared as the funnel's claimants read them, so a shared text that came to
   * say `{claimNoun}` where it said that word is no new version.
   */
  defaultClaimNoun: string;
}

/**
 * Published versions are immutable and kept:
 * - a snapshot must be well formed, where its name says, and hold the content its hash names;
 * - a funnel's version is never below its newest published version;
 * - a funnel whose version is published must equal its snapshot: each difference is named
 *   where it was made (the funnel file, or the schema file that changed), with the fix;
 * - a funnel with published versions cannot be removed (claims are pinned to them).
 * Returns the valid snapshots too, by funnel, oldest first.
 */
export function checkPublishedVersions(input: PublishedCheckInput): {
  problems: Problem[];
  versions: Map<string, PublishedVersion[]>;
} {
  const problems: Problem[] = [];
  const versions = new Map<string, PublishedVersion[]>();
  for (const [file, data] of Object.entries(input.published)) {
    const shape = snapshotShapeProblems(data);
    if (shape.length > 0) {
      problems.push(...shape.map((problem) => ({ file, ...problem })));
      continue;
    }
    // snapshotShapeProblems found no problem with its shape just above.
    const snapshot = data as PublishedVersion;
    const expectedFile = publishedVersionFile(snapshot.funnelId, snapshot.version);
    if (!file.endsWith(expectedFile)) {
      problems.push({
        file,
        pointer: '',
        message: `holds version ${snapshot.version} of ${snapshot.funnelId}, so it must be ${expectedFile}`,
      });
      continue;
    }
    if (versionHash(snapshot, input.hash) !== snapshot.hash) {
      problems.push({
        file,
        pointer: '/hash',
        message:
          'the snapshot no longer matches its hash: a published version never changes (restore it from version control, and publish a change as a new version)',
      });
      continue;
    }
    const list = versions.get(snapshot.funnelId) ?? [];
    list.push(snapshot);
    versions.set(snapshot.funnelId, list);
  }
  for (const list of versions.values()) list.sort((a, b) => a.version - b.version);

  for (const [funnelId, list] of versions) {
    if (input.writtenFunnelIds.has(funnelId)) continue;
    problems.push({
      file: publishedVersionFile(funnelId, list.at(-1)!.version),
      pointer: '',
      message: `funnels/${funnelId}.json is missing: a funnel with published versions stays (claims are pinned to them)`,
    });
  }

  for (const { file, funnel, content } of input.current) {
    const list = versions.get(funnel.funnelId) ?? [];
    const newest = list.at(-1);
    if (newest && funnel.version < newest.version) {
      problems.push({
        file,
        pointer: '/version',
        message: `version ${newest.version} is already published: the version only goes up (make it ${newest.version + 1})`,
      });
      continue;
    }
    const same = list.find((published) => published.version === funnel.version);
    if (!same || !content) continue;
    const words = funnelSchemaWords(funnel, input.defaultClaimNoun);
    problems.push(...differencesFromPublished(file, content, same, input.schemaFileOf, words));
  }
  return { problems, versions };
}

/** Each edit that makes a published version differ from its snapshot, named where it was made. */
function differencesFromPublished(
  file: string,
  content: VersionContent,
  published: PublishedVersion,
  schemaFileOf: (schemaId: string) => string,
  words: SchemaWords,
): Problem[] {
  const snapshotFile = publishedVersionFile(published.funnelId, published.version);
  const bump = `make "version" ${published.version + 1} in ${file} (and add a "migration" if drafts should move)`;
  const problems: Problem[] = [];
  if (
    canonicalJson(versionedFunnelOf(content.funnel)) !==
    canonicalJson(versionedFunnelOf(published.funnel))
  ) {
    problems.push({
      file,
      pointer: '/version',
      message: `version ${published.version} is published (${snapshotFile}) and this file differs from it: ${bump}`,
    });
    // The funnel's own change may be what names other schemas; those are not repeated.
    return problems;
  }
  for (const [schemaId, schema] of Object.entries(content.schemas)) {
    const before = published.schemas[schemaId];
    const readAs = (each: JsonSchemaObject) => canonicalJson(schemaInWords(each, words));
    if (before !== undefined && readAs(schema) === readAs(before)) continue;
    problems.push({
      file: schemaFileOf(schemaId),
      pointer: '',
      message: `page schema "${schemaId}" (this file or a schema it refers to) differs from version ${published.version} of ${published.funnelId}, which is published (${snapshotFile}): ${bump}`,
    });
  }
  return problems;
}
