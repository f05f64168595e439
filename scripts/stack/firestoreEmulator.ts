import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { GeoPoint, getFirestore, Timestamp } from 'firebase-admin/firestore';

/**
 * The Node Firestore emulator (the official one needs Java 21 and a download, which a
 * machine without internet cannot have; docs/architecture.md says what this one lacks).
 * It keeps data in memory only, so this module adds what `npm start` needs: binding to
 * 127.0.0.1 alone, and saving its documents to a file on stop and loading them on start.
 */

interface StoredField {
  type: string;
  value: unknown;
}
interface StoredDocument {
  collections: Record<string, StoredCollection>;
  fields: Record<string, StoredField>;
  path: string;
}
interface StoredCollection {
  documents: Record<string, StoredDocument>;
}
interface StoredState {
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
  stop(): void;
}

export async function startFirestoreEmulator(
  host: string,
  port: number,
): Promise<RunningFirestoreEmulator> {
  const server = new FirestoreServer();
  // FirestoreServer.start() binds 0.0.0.0; reach its gRPC server to bind loopback only.
  const grpcServer = (server as unknown as { server: import('@grpc/grpc-js').Server }).server;
  await new Promise<void>((resolve, reject) => {
    grpcServer.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error) =>
      error
        ? reject(
            new Error(`Firestore emulator could not listen on ${host}:${port}: ${error.message}`),
          )
        : resolve(),
    );
  });
  return { server, stop: () => server.stop() };
}

export function saveFirestoreState(emulator: RunningFirestoreEmulator, file: string): number {
  const state = emulator.server.state.toJSON() as unknown as StoredState;
  mkdirSync(dirname(file), { recursive: true });
  // Written beside, then renamed over: a stop in the middle leaves the last whole save.
  const partial = `${file}.partial`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, file);
  return [...storedDocuments(state)].length;
}

function* documentsOf(collections: Record<string, StoredCollection>): Generator<StoredDocument> {
  for (const collection of Object.values(collections)) {
    for (const document of Object.values(collection.documents)) {
      if (Object.keys(document.fields).length > 0) yield document;
      yield* documentsOf(document.collections);
    }
  }
}

function* storedDocuments(state: StoredState): Generator<StoredDocument> {
  for (const project of Object.values(state.projects ?? {})) {
    for (const database of Object.values(project.databases))
      yield* documentsOf(database.collections);
  }
}

function toValue(field: StoredField): unknown {
  switch (field.type) {
    case 'string_value':
    case 'boolean_value':
    case 'integer_value':
    case 'double_value':
      return field.value;
    case 'null_value':
      return null;
    case 'timestamp_value': {
      const { seconds, nanos } = field.value as { seconds: number; nanos: number };
      return new Timestamp(Number(seconds), Number(nanos));
    }
    case 'geo_point_value': {
      const { latitude, longitude } = field.value as { latitude: number; longitude: number };
      return new GeoPoint(latitude, longitude);
    }
    case 'array_value':
      return (field.value as StoredField[]).map(toValue);
    case 'map_value':
      return Object.fromEntries(
        Object.entries(field.value as Record<string, StoredField>).map(([k, v]) => [k, toValue(v)]),
      );
    default:
      throw new Error(`Saved Firestore data has a field of unsupported type ${field.type}`);
  }
}

/** Loads documents saved by saveFirestoreState, through firebase-admin as the gateway would. */
export async function loadFirestoreState(file: string, emulatorHost: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StoredState;
  let count = 0;
  for (const [projectId, project] of Object.entries(state.projects ?? {})) {
    process.env.FIRESTORE_EMULATOR_HOST = emulatorHost;
    const app = initializeApp({ projectId }, `import-${projectId}`);
    const db = getFirestore(app);
    for (const database of Object.values(project.databases)) {
      for (const document of documentsOf(database.collections)) {
        const path = document.path.split('/documents/')[1];
        if (!path) continue;
        await db
          .doc(path)
          .set(
            Object.fromEntries(Object.entries(document.fields).map(([k, v]) => [k, toValue(v)])),
          );
        count += 1;
      }
    }
    await deleteApp(app);
  }
  return count;
}
