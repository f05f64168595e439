/**
 * How `npm start` keeps the Node Firestore emulator's documents across restarts, at the size
 * a live service reaches (a year of claims, hundreds of megabytes) without ever holding up a
 * call:
 *
 * - `snapshot.ndjson`: every document, one JSON line each (`{"p": path, "f": fields}`), after a
 *   first line naming its generation (`{"generation": n}`). Never one giant string, so no size
 *   limit short of the disk.
 * - `journal-<n>.ndjson`: what changed since snapshot n, a line per write (`{"p", "f"}`) or
 *   delete (`{"p", "d": 1}`), appended every few seconds: only the documents that changed.
 * - Loading reads the snapshot and then its own generation's journal, line by line.
 * - When the journal has grown past the snapshot (or 32 MB), a new snapshot is written in the
 *   background, a few hundred documents at a time, letting calls run between them, then
 *   renamed into place with the next generation; the old journal is removed after.
 *
 * Everything is written beside and renamed, or appended: a process killed at any moment leaves
 * the last whole snapshot and the journal lines written before it died.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { appendFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FirestoreStateDocument } from '@firestore-emulator/server';
import {
  loadStoredState,
  storedDocumentLoader,
  storedFieldsOf,
  type RunningFirestoreEmulator,
  type StoredFields,
  type StoredState,
} from './firestoreEmulator';

const SNAPSHOT = 'snapshot.ndjson';
const journalName = (generation: number) => `journal-${generation}.ndjson`;
/** A journal this large (or larger than the snapshot) is folded into a new snapshot. */
const COMPACT_AFTER_BYTES = 32 * 1024 * 1024;
/** Documents written between two turns of the event loop while a snapshot is written. */
const DOCUMENTS_PER_TURN = 100;

type Line = { p: string; f: StoredFields } | { p: string; d: 1 } | { generation: number };

/** Lines written to a file as a stream, waiting whenever its buffer is full. */
function lineWriter(file: string) {
  const out = createWriteStream(file);
  return {
    write: (text: string) =>
      out.write(text)
        ? Promise.resolve()
        : new Promise<void>((resolve) => out.once('drain', () => resolve())),
    end: () =>
      new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      ),
  };
}

/**
 * Writes a local store as `npm start` keeps it (a first snapshot; its lines from
 * snapshotLineOf) into `dir`: for seeding a store without running the emulator (the bench's
 * start-up figure, the stack's own tests). Streams, so any number fits. Returns how many
 * documents it holds.
 */
export async function writeFirestoreSnapshot(
  dir: string,
  lines: Iterable<string>,
): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const out = lineWriter(join(dir, SNAPSHOT));
  await out.write(`${JSON.stringify({ generation: 1 })}\n`);
  let count = 0;
  for (const line of lines) {
    await out.write(line);
    count += 1;
  }
  await out.end();
  return count;
}

async function* linesOf(file: string): AsyncGenerator<Line> {
  if (!existsSync(file)) return;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (!text.trim()) continue;
    try {
      yield JSON.parse(text) as Line;
    } catch {
      // A line cut short by a process killed mid-append is the journal's last: it is skipped.
      console.warn(`${file}:${number}: skipped a line that is not whole JSON`);
    }
  }
}

/** Every stored document of the emulator's memory, in path order of traversal. */
export function* liveDocuments(
  emulator: RunningFirestoreEmulator,
): Generator<FirestoreStateDocument> {
  const state = emulator.server.state as unknown as {
    projects: Record<
      string,
      { databases: Record<string, { collections: Record<string, unknown> }> }
    >;
  };
  type Collection = { documents: Record<string, FirestoreStateDocument> };
  function* ofCollections(collections: Record<string, unknown>): Generator<FirestoreStateDocument> {
    for (const collection of Object.values(collections) as Collection[]) {
      for (const document of Object.values(collection.documents)) {
        if (document.metadata.hasExist) yield document;
        const { collections } = document as unknown as { collections: Record<string, unknown> };
        yield* ofCollections(collections);
      }
    }
  }
  for (const project of Object.values(state.projects)) {
    for (const database of Object.values(project.databases)) {
      yield* ofCollections(database.collections);
    }
  }
}

/** A document as a line of the store (snapshot or journal). */
export function lineOf(document: FirestoreStateDocument): string {
  return `${JSON.stringify({ p: document.getPath(), f: storedFieldsOf(document) })}\n`;
}

export interface FirestorePersistence {
  /** Loads the saved documents into the emulator; returns how many there are. */
  load(): Promise<number>;
  /** Whether a document changed since it was last written out. */
  hasUnsavedChanges(): boolean;
  /**
   * Appends the documents that changed since the last save to the journal (and, when the
   * journal has grown large, starts folding it into a new snapshot in the background).
   * Returns how many were written.
   */
  save(): Promise<number>;
  /** Writes a new snapshot now (in the background of calls, as a grown journal does). */
  compact(): Promise<void>;
  /** Waits for a snapshot being written, then saves what is left. */
  close(): Promise<number>;
}

/**
 * The documents of `emulator`, kept in `dir`. Changes are tracked from now on; a legacy
 * `legacyFile` (the whole-state JSON earlier versions saved) is read when `dir` has none.
 */
export function firestorePersistence(
  emulator: RunningFirestoreEmulator,
  dir: string,
  legacyFile?: string,
): FirestorePersistence {
  let generation = 0;
  /** Paths changed since their last save, with the document (or null once deleted). */
  let dirty = new Map<string, FirestoreStateDocument | null>();
  let compacting: Promise<void> | null = null;
  let saving: Promise<number> = Promise.resolve(0);
  const emitter = emulator.server.state.emitter;
  const mark =
    (deleted: boolean) =>
    ({ document }: { document: FirestoreStateDocument }) =>
      dirty.set(document.getPath(), deleted ? null : document);
  emitter.on('create-document', mark(false));
  emitter.on('update-document', mark(false));
  emitter.on('delete-document', mark(true));

  async function writeSnapshot(): Promise<void> {
    const next = generation + 1;
    const partial = join(dir, `${SNAPSHOT}.partial`);
    const out = lineWriter(partial);
    await out.write(`${JSON.stringify({ generation: next })}\n`);
    // Paths saved to the old journal while this runs: their newest state goes to the new one.
    const meanwhile = new Set<string>();
    const seen = (paths: Iterable<string>) => {
      for (const path of paths) meanwhile.add(path);
    };
    trackMeanwhile = seen;
    let count = 0;
    for (const document of liveDocuments(emulator)) {
      await out.write(lineOf(document));
      count += 1;
      if (count % DOCUMENTS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await out.end();
    trackMeanwhile = null;
    // From here the new snapshot and its (empty) journal are the store.
    await rename(partial, join(dir, SNAPSHOT));
    const old = journalName(generation);
    generation = next;
    for (const path of meanwhile) if (!dirty.has(path)) dirty.set(path, documentAt(path));
    await rm(join(dir, old), { force: true });
  }

  let trackMeanwhile: ((paths: Iterable<string>) => void) | null = null;

  function documentAt(path: string): FirestoreStateDocument | null {
    try {
      const document = emulator.server.state.getDocument(path);
      return document.metadata.hasExist ? document : null;
    } catch {
      return null;
    }
  }

  async function appendChanges(): Promise<number> {
    if (dirty.size === 0) return 0;
    const batch = dirty;
    dirty = new Map();
    const text = [...batch]
      .map(([path, document]) =>
        document ? lineOf(document) : `${JSON.stringify({ p: path, d: 1 })}\n`,
      )
      .join('');
    try {
      await appendFile(join(dir, journalName(generation)), text);
    } catch (error) {
      // Kept for the next save: nothing changed is dropped.
      for (const [path, document] of batch) if (!dirty.has(path)) dirty.set(path, document);
      throw error;
    }
    trackMeanwhile?.(batch.keys());
    return batch.size;
  }

  async function journalOutgrew(): Promise<boolean> {
    const sizeOf = async (file: string) => (await stat(file).catch(() => null))?.size ?? 0;
    const journal = await sizeOf(join(dir, journalName(generation)));
    return journal > Math.max(COMPACT_AFTER_BYTES, await sizeOf(join(dir, SNAPSHOT)));
  }

  function startCompacting(): void {
    compacting ??= writeSnapshot()
      .catch((error: Error) => console.warn(`Firestore snapshot not written: ${error.message}`))
      .finally(() => (compacting = null));
  }

  return {
    async load() {
      mkdirSync(dir, { recursive: true });
      let fromLegacy = false;
      // Each line goes straight into the emulator as it is read: the store is never held twice.
      const loader = storedDocumentLoader(emulator);
      if (existsSync(join(dir, SNAPSHOT))) {
        for await (const line of linesOf(join(dir, SNAPSHOT))) {
          if ('generation' in line) generation = line.generation;
          else if ('f' in line) loader.put(line.p, line.f);
        }
      } else if (legacyFile && existsSync(legacyFile)) {
        loadStoredState(emulator, JSON.parse(readFileSync(legacyFile, 'utf8')) as StoredState);
        fromLegacy = true;
      }
      for await (const line of linesOf(join(dir, journalName(generation)))) {
        if ('p' in line) loader.put(line.p, 'f' in line ? line.f : null);
      }
      loader.done();
      dirty.clear();
      // The old single file becomes a snapshot of this format, in the background.
      if (fromLegacy) startCompacting();
      let count = 0;
      for (const _ of liveDocuments(emulator)) count += 1;
      return count;
    },
    hasUnsavedChanges: () => dirty.size > 0,
    save() {
      // One save at a time, in order; a failed one does not stop the next.
      saving = saving
        .catch(() => 0)
        .then(async () => {
          const written = await appendChanges();
          if (!compacting && (await journalOutgrew())) startCompacting();
          return written;
        });
      return saving;
    },
    async compact() {
      startCompacting();
      await compacting;
    },
    async close() {
      await compacting;
      saving = saving.catch(() => 0).then(appendChanges);
      return saving;
    },
  };
}
