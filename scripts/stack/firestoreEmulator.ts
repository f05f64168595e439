import { createRequire } from 'node:module';
import {
  FirestoreServer,
  FirestoreState,
  FirestoreStateDocument,
} from '@firestore-emulator/server';
import { indexQueries, type QueryIndex } from './firestoreQueryIndex';

/**
 * The Node Firestore emulator (the official one needs Java 21 and a download, which a
 * machine without internet cannot have; docs/architecture.md says what this one lacks).
 * It keeps data in memory only, so this module adds what `npm start` needs: binding to
 * 127.0.0.1 alone, loading stored documents straight into its memory
 * (firestorePersistence.ts keeps them on disk), and answering in the same time whatever the
 * store holds (firestoreQueryIndex.ts).
 */

/** A field as the emulator's own toJSON writes it: its protocol type and value. */
export interface StoredField {
  type: string;
  value: unknown;
}
export type StoredFields = Record<string, StoredField>;
export interface StoredDocument {
  collections: Record<string, StoredCollection>;
  fields: StoredFields;
  path: string;
}
export interface StoredCollection {
  documents: Record<string, StoredDocument>;
}
export interface StoredState {
  projects: Record<
    string,
    { databases: Record<string, { collections: Record<string, StoredCollection> }> }
  >;
}

// The server package ships its own @grpc/grpc-js; its Server only accepts credentials made by
// that same copy, so load it from beside the server rather than from our node_modules.
const serverRequire = createRequire(
  createRequire(import.meta.url).resolve('@firestore-emulator/server'),
);
const { ServerCredentials } = serverRequire('@grpc/grpc-js') as typeof import('@grpc/grpc-js');

export interface RunningFirestoreEmulator {
  server: FirestoreServer;
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  /** Its query index (firestoreQueryIndex.ts). */
  queries: QueryIndex;
  stop(): void;
}

export async function startFirestoreEmulator(
  host: string,
  port: number,
): Promise<RunningFirestoreEmulator> {
  const server = new FirestoreServer();
  const queries = indexQueries(server.state);
  // FirestoreServer.start() binds 0.0.0.0; reach its gRPC server to bind loopback only.
  const grpcServer = (server as unknown as { server: import('@grpc/grpc-js').Server }).server;
  const bound = await new Promise<number>((resolve, reject) => {
    grpcServer.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, given) =>
      error
        ? reject(
            new Error(`Firestore emulator could not listen on ${host}:${port}: ${error.message}`),
          )
        : resolve(given),
    );
  });
  return { server, port: bound, queries, stop: () => server.stop() };
}

/** A live document's fields as the stored form keeps them (the emulator's own toJSON). */
export function storedFieldsOf(document: FirestoreStateDocument): StoredFields {
  // `fields` is private in the package's types; toJSON reads it the same way.
  const { fields } = document as unknown as { fields: Record<string, { toJSON(): StoredField }> };
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.toJSON()]));
}

/**
 * A stored field as the protocol's Value message, in the shape the emulator's own write path
 * reads (`has_…` flags and values), so the emulator builds its field objects itself.
 */
function v1Value(field: StoredField): object {
  switch (field.type) {
    case 'string_value':
    case 'boolean_value':
    case 'integer_value':
    case 'double_value':
    case 'timestamp_value':
    case 'geo_point_value':
    case 'reference_value':
      return { [`has_${field.type}`]: true, [field.type]: field.value };
    case 'null_value':
      return { has_null_value: true };
    case 'array_value':
      return {
        has_array_value: true,
        array_value: { values: (field.value as StoredField[]).map(v1Value) },
      };
    case 'map_value':
      return { has_map_value: true, map_value: { fields: v1Fields(field.value as StoredFields) } };
    default:
      throw new Error(`Saved Firestore data has a field of unsupported type ${field.type}`);
  }
}

function v1Fields(fields: StoredFields): Map<string, object> {
  return new Map(Object.entries(fields).map(([key, value]) => [key, v1Value(value)]));
}

/** A whole-document write (a `set`), as the Commit call carries it. */
function setWrite(
  path: string,
  fields: StoredFields,
): Parameters<FirestoreState['writeV1Document']>[1] {
  return {
    has_delete: false,
    has_update: true,
    update: {
      has_create_time: false,
      has_update_time: false,
      name: path,
      fields: v1Fields(fields),
    },
    has_current_document: false,
    update_transforms: [],
  } as unknown as Parameters<FirestoreState['writeV1Document']>[1];
}

type EmulatorField = NonNullable<ReturnType<FirestoreStateDocument['getField']>>;
type FieldClass = new (value?: unknown) => EmulatorField;

/** One stored field of each type the loader reads, to learn the emulator's field classes. */
const SAMPLE_FIELDS: StoredFields = {
  string_value: { type: 'string_value', value: '' },
  boolean_value: { type: 'boolean_value', value: true },
  integer_value: { type: 'integer_value', value: 0 },
  double_value: { type: 'double_value', value: 0.5 },
  timestamp_value: { type: 'timestamp_value', value: { seconds: 0, nanos: 0 } },
  geo_point_value: { type: 'geo_point_value', value: { latitude: 0, longitude: 0 } },
  reference_value: { type: 'reference_value', value: 'projects/p/databases/d/documents/c/d' },
  null_value: { type: 'null_value', value: null },
  array_value: { type: 'array_value', value: [] },
  map_value: { type: 'map_value', value: {} },
};

/**
 * The emulator's own field classes (its package exports the documents but not their fields),
 * learnt by writing one field of each type through its write path to a scratch state.
 */
function emulatorFieldClasses(): Record<string, FieldClass> {
  const scratch = new FirestoreState();
  const path = 'projects/scratch/databases/(default)/documents/scratch/document';
  scratch.writeV1Document(new Date(), setWrite(path, SAMPLE_FIELDS));
  const document = scratch.getDocument(path);
  return Object.fromEntries(
    Object.keys(SAMPLE_FIELDS).map((type) => {
      const field = document.getField(type);
      if (!field) throw new Error(`The Firestore emulator did not keep a field of type ${type}`);
      return [type, field.constructor as FieldClass];
    }),
  );
}

function emulatorField(classes: Record<string, FieldClass>, field: StoredField): EmulatorField {
  const FieldOfType = classes[field.type];
  if (!FieldOfType)
    throw new Error(`Saved Firestore data has a field of unsupported type ${field.type}`);
  switch (field.type) {
    case 'null_value':
      return new FieldOfType();
    case 'array_value':
      return new FieldOfType(
        (field.value as StoredField[]).map((item) => emulatorField(classes, item)),
      );
    case 'map_value':
      return new FieldOfType(emulatorFields(classes, field.value as StoredFields));
    default:
      return new FieldOfType(field.value);
  }
}

function emulatorFields(
  classes: Record<string, FieldClass>,
  fields: StoredFields,
): Record<string, EmulatorField> {
  const made: Record<string, EmulatorField> = {};
  for (const [name, field] of Object.entries(fields)) made[name] = emulatorField(classes, field);
  return made;
}

/**
 * Puts stored documents into an emulator's memory one at a time, as they are read from disk
 * (firestorePersistence.ts streams them): fields made with the emulator's own field classes,
 * without the write path's events (nothing loaded is a change to save). Collections find
 * documents in constant time (firestoreQueryIndex.ts), so each costs the same however many
 * came before.
 */
export function storedDocumentLoader(emulator: RunningFirestoreEmulator) {
  const date = new Date();
  const state = emulator.server.state;
  const classes = emulatorFieldClasses();
  return {
    /** Writes (`fields`) or deletes (null) the document at `path`, a full document path. */
    put(path: string, fields: StoredFields | null): void {
      const document = state.getDocument(path) as unknown as {
        fields: Record<string, EmulatorField>;
        metadata: FirestoreStateDocument['metadata'];
      };
      if (fields && Object.keys(fields).length > 0) {
        document.fields = emulatorFields(classes, fields);
        document.metadata = { hasExist: true, createdAt: date, updatedAt: date };
      } else {
        // A deleted document keeps its place when it has subcollections, as Firestore does.
        document.fields = {};
        document.metadata = { hasExist: false, createdAt: null, updatedAt: null };
      }
    },
    /** Indexes built before the load no longer hold: they are built again when next asked. */
    done(): void {
      emulator.queries.forget();
    },
  };
}

function loadCollections(
  put: (path: string, fields: StoredFields) => void,
  collections: Record<string, StoredCollection>,
): void {
  for (const stored of Object.values(collections)) {
    for (const document of Object.values(stored.documents)) {
      if (Object.keys(document.fields).length > 0) put(document.path, document.fields);
      loadCollections(put, document.collections);
    }
  }
}

/**
 * Loads a whole stored state (the single JSON file earlier versions saved) into the emulator's
 * memory, document by document.
 */
export function loadStoredState(emulator: RunningFirestoreEmulator, state: StoredState): void {
  const loader = storedDocumentLoader(emulator);
  for (const project of Object.values(state.projects ?? {})) {
    for (const database of Object.values(project.databases)) {
      loadCollections(loader.put, database.collections);
    }
  }
  loader.done();
}

/** A value as saveFirestoreState stores it (Dates and Firestore Timestamps as timestamps). */
function storedFieldOf(value: unknown): StoredField {
  if (value === null) return { type: 'null_value', value: null };
  if (typeof value === 'string') return { type: 'string_value', value };
  if (typeof value === 'boolean') return { type: 'boolean_value', value };
  if (typeof value === 'number')
    return { type: Number.isInteger(value) ? 'integer_value' : 'double_value', value };
  if (Array.isArray(value)) return { type: 'array_value', value: value.map(storedFieldOf) };
  const asDate =
    value instanceof Date
      ? value
      : typeof (value as { toDate?: unknown })?.toDate === 'function'
        ? (value as { toDate(): Date }).toDate()
        : undefined;
  if (asDate) {
    const ms = asDate.getTime();
    return {
      type: 'timestamp_value',
      value: { seconds: Math.floor(ms / 1000), nanos: (((ms % 1000) + 1000) % 1000) * 1e6 },
    };
  }
  if (typeof value === 'object')
    return {
      type: 'map_value',
      value: Object.fromEntries(
        Object.entries(value as object).map(([k, v]) => [k, storedFieldOf(v)]),
      ),
    };
  throw new Error(`Cannot store a value of type ${typeof value} in a Firestore state file`);
}

/** One line of a snapshot (firestorePersistence.ts): a document at `path` of the project. */
export function snapshotLineOf(
  projectId: string,
  path: string,
  data: Record<string, unknown>,
): string {
  if (path.split('/').length % 2 !== 0) throw new Error(`Not a document path: ${path}`);
  const fields = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, storedFieldOf(value)]),
  );
  return `${JSON.stringify({ p: `projects/${projectId}/databases/(default)/documents/${path}`, f: fields })}\n`;
}
