/**
 * Documents typed at the edge: each repository reads and writes its collection through one
 * converter made here from the document's JSON Schema, so what leaves a repository has the
 * schema's type and a malformed stored document is an error naming where it is, not an `any`
 * that fails somewhere else later.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type PartialWithFieldValue,
  type WithFieldValue,
  type QueryDocumentSnapshot,
  type SetOptions,
} from 'firebase-admin/firestore';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
// The options alone: the room's index loads the funnel runtime and its JSON files, which
// scripts and end-to-end tests that read or write documents cannot import.
import { AJV_OPTIONS } from '../../../runtime/validation/ajvOptions';

/**
 * A Firestore time in a document schema. JSON has no such type: `firestoreTimestamp` is our
 * keyword (AJV checks it below, DocumentOf types it as a Timestamp).
 */
export const timestampSchema = { type: 'object', firestoreTimestamp: true } as const;

/** A document's type, from its schema: defaulted fields are present, Firestore times are Timestamps. */
export type DocumentOf<Schema extends JSONSchema> = FromSchema<
  Schema,
  { deserialize: [{ pattern: { firestoreTimestamp: true }; output: Timestamp }] }
>;

/**
 * The fields a document type names, without the index signature a schema open to more fields
 * gives it (`[x: string]: unknown`): Omit and Pick on that signature would drop every named
 * field, so a type built from a document's (a record with a Date, say) starts from these.
 */
export type NamedFieldsOf<Doc> = {
  [Key in keyof Doc as string extends Key ? never : number extends Key ? never : Key]: Doc[Key];
};

/** A stored document that does not fit its schema: where it is and which field is wrong. */
export class MalformedDocumentError extends Error {
  constructor(
    readonly documentPath: string,
    readonly field: string,
    problem: string,
  ) {
    super(
      `Malformed document ${documentPath}: ${field ? `field ${field}` : 'the document'} ${problem}`,
    );
    this.name = 'MalformedDocumentError';
  }
}

function ajvWith(useDefaults: boolean): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, useDefaults });
  ajv.addKeyword({
    keyword: 'firestoreTimestamp',
    schemaType: 'boolean',
    validate: (expected: boolean, value: unknown) => !expected || value instanceof Timestamp,
    errors: false,
  });
  return ajv;
}

// Reads fill a missing defaulted field (old documents); writes store exactly what was given.
const readAjv = ajvWith(true);
const writeAjv = ajvWith(false);

/** The first problem AJV found, as a field path (`stageLog.0.at`) and what is wrong with it. */
function problemOf(errors: ErrorObject[] | null | undefined): { field: string; problem: string } {
  // A time stored as anything else fails `type` too: say what it should have been.
  const first =
    errors?.find(
      (error) =>
        error.keyword === 'firestoreTimestamp' && error.instancePath === errors[0]?.instancePath,
    ) ?? errors?.[0];
  if (!first) return { field: '', problem: 'does not fit its schema' };
  const field = first.instancePath.split('/').slice(1).join('.');
  if (first.keyword === 'firestoreTimestamp') return { field, problem: 'must be a Firestore time' };
  return { field, problem: first.message ?? 'does not fit its schema' };
}

/**
 * The converter of one collection's documents, whose type is `DocumentOf<typeof schema>`
 * (given by the caller: worked out once there, not in this generic function). `schema` is
 * compiled once, on first use; reads are checked (and fill defaults), full writes (create,
 * set without merge) are checked as they are; a merge or an update is typed by the compiler
 * only (Firestore does not pass it through the converter).
 */
export function documentConverter<Doc extends DocumentData>(
  collection: string,
  schema: JSONSchema,
): FirestoreDataConverter<Doc, Doc> {
  return new SchemaConverter<Doc>(collection, schema);
}

class SchemaConverter<Doc extends DocumentData> implements FirestoreDataConverter<Doc, Doc> {
  private checkRead: ValidateFunction<Doc> | undefined;
  private checkWrite: ValidateFunction<Doc> | undefined;

  constructor(
    private readonly collection: string,
    private readonly schema: JSONSchema,
  ) {}

  fromFirestore(snapshot: QueryDocumentSnapshot): Doc {
    const check = (this.checkRead ??= readAjv.compile<Doc>(this.schema));
    const data: unknown = snapshot.data();
    if (!check(data)) throw malformed(snapshot.ref.path, check.errors);
    return data;
  }

  toFirestore(document: WithFieldValue<Doc>): WithFieldValue<Doc>;
  toFirestore(
    document: PartialWithFieldValue<Doc>,
    options: SetOptions,
  ): PartialWithFieldValue<Doc>;
  toFirestore(
    document: PartialWithFieldValue<Doc>,
    options?: SetOptions,
  ): PartialWithFieldValue<Doc> {
    if (!options) {
      const check = (this.checkWrite ??= writeAjv.compile<Doc>(this.schema));
      if (!check(document)) throw malformed(`a new document in ${this.collection}`, check.errors);
    }
    return document;
  }
}

function malformed(documentPath: string, errors: ErrorObject[] | null | undefined) {
  const { field, problem } = problemOf(errors);
  return new MalformedDocumentError(documentPath, field, problem);
}
