/**
 * The local store of `npm start` (scripts/stack/firestorePersistence.ts), on a Node Firestore
 * emulator started in this process on a port of its own: what is loaded, that a save writes
 * only what changed, that a new snapshot keeps everything and a reload reads it back, and that
 * a journal line cut short by a killed process is skipped, not fatal.
 */
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  snapshotLineOf,
  type RunningFirestoreEmulator,
} from '../../../scripts/stack/firestoreEmulator';
import {
  firestorePersistence,
  writeFirestoreSnapshot,
} from '../../../scripts/stack/firestorePersistence';
import { inProcessFirestore } from '../../support/inProcessFirestore';
import { probeFolders } from '../../support/probeFolders';

const PROJECT = 'demo-persistence';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;
const emulator = inProcessFirestore();
const probe = probeFolders('firestore-persistence');
const storeDir = () => probe({});

/** A document's fields as plain values, or null when it does not exist. */
function read(target: RunningFirestoreEmulator, path: string): Record<string, unknown> | null {
  const document = target.server.state.getDocument(`${ROOT}/${path}`);
  if (!document.metadata.hasExist) return null;
  const { fields } = document as unknown as {
    fields: Record<string, { toJSON(): { value: unknown } }>;
  };
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.toJSON().value]));
}

/** Writes a document as a client's set would, through the emulator's own write path. */
function write(target: RunningFirestoreEmulator, path: string, data: Record<string, string>) {
  const document = target.server.state.getDocument(`${ROOT}/${path}`);
  const scratch = JSON.parse(snapshotLineOf(PROJECT, path, data)) as {
    f: Record<string, { value: unknown }>;
  };
  // The emulator's field class for strings, taken from a document the loader made.
  const sample = target.server.state.getDocument(`${ROOT}/claims/a`) as unknown as {
    fields: Record<string, { constructor: new (value: unknown) => unknown }>;
  };
  const StringField = Object.values(sample.fields)[0]!.constructor;
  const fields = Object.fromEntries(
    Object.entries(scratch.f).map(([k, f]) => [k, new StringField(f.value)]),
  ) as unknown as Parameters<typeof document.set>[1];
  document.set(new Date(), fields);
}

describe('the local Firestore store', () => {
  it('loads the snapshot and then its journal, deletes included', async () => {
    const dir = storeDir();
    await writeFirestoreSnapshot(dir, [
      snapshotLineOf(PROJECT, 'claims/a', { status: 'draft' }),
      snapshotLineOf(PROJECT, 'claims/b', { status: 'draft' }),
      snapshotLineOf(PROJECT, 'claims/a/history/submitted', { reference: 'R1' }),
    ]);
    appendFileSync(
      join(dir, 'journal-1.ndjson'),
      snapshotLineOf(PROJECT, 'claims/a', { status: 'submitted' }) +
        `${JSON.stringify({ p: `${ROOT}/claims/b`, d: 1 })}\n` +
        // A process killed mid-append leaves a line cut short: skipped, the rest loads.
        '{"p": "projects/x/databa',
    );
    const target = await emulator();
    const count = await firestorePersistence(target, dir).load();
    expect(count).toBe(2);
    expect(read(target, 'claims/a')).toEqual({ status: 'submitted' });
    expect(read(target, 'claims/b')).toBeNull();
    expect(read(target, 'claims/a/history/submitted')).toEqual({ reference: 'R1' });
  });

  it('saves only the documents that changed, and a new snapshot keeps every one', async () => {
    const dir = storeDir();
    const target = await emulator();
    await writeFirestoreSnapshot(dir, [
      snapshotLineOf(PROJECT, 'claims/a', { status: 'draft' }),
      ...Array.from({ length: 300 }, (_, i) =>
        snapshotLineOf(PROJECT, `claims/${i}`, { n: `${i}` }),
      ),
    ]);
    const store = firestorePersistence(target, dir);
    await store.load();
    expect(store.hasUnsavedChanges()).toBe(false);
    write(target, 'claims/7', { n: 'seven' });
    write(target, 'claims/new', { n: 'new' });
    expect(await store.save()).toBe(2);
    const journal = readFileSync(join(dir, 'journal-1.ndjson'), 'utf8').trim().split('\n');
    expect(journal.map((line) => (JSON.parse(line) as { p: string }).p)).toEqual([
      `${ROOT}/claims/7`,
      `${ROOT}/claims/new`,
    ]);
    expect(await store.save()).toBe(0);

    await store.compact();
    expect(readdirSync(dir).sort()).toEqual(['snapshot.ndjson']);
    write(target, 'claims/8', { n: 'eight' });
    await store.close();

    const again = await emulator();
    expect(await firestorePersistence(again, dir).load()).toBe(302);
    expect(read(again, 'claims/7')).toEqual({ n: 'seven' });
    expect(read(again, 'claims/8')).toEqual({ n: 'eight' });
    expect(read(again, 'claims/new')).toEqual({ n: 'new' });
    expect(read(again, 'claims/299')).toEqual({ n: '299' });
  });
});
