/**
 * The queue of chosen files in IndexedDB (fake-indexeddb's in-memory implementation of the
 * same API): a file is kept with its bytes and where its upload stands, found again by its
 * question after the page is gone (a new connection to the same database, as a reload
 * makes), and only its question's files are.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  memoryQueue,
  openIndexedDbQueue,
  type EvidenceQueue,
  type FileQuestionPlace,
  type WaitingFile,
} from '../../../src/platform/uploads/evidenceQueue';

const place: FileQuestionPlace = {
  uid: 'u1',
  funnelId: 'vehicle-claim',
  pageId: 'finance',
  field: 'agreementFiles',
};

function waiting(id: string, addedAt: number, change: Partial<WaitingFile> = {}): WaitingFile {
  const bytes = new TextEncoder().encode(`%PDF-1.7 file ${id}`);
  return {
    id,
    ...place,
    name: `${id}.pdf`,
    size: bytes.length,
    blob: new File([bytes], `${id}.pdf`, { type: 'application/pdf' }),
    addedAt,
    heldBytes: 0,
    ...change,
  };
}

const queues: Array<[string, () => Promise<{ open: () => Promise<EvidenceQueue> }>]> = [
  [
    'IndexedDB',
    async () => {
      const factory = new IDBFactory();
      return { open: () => openIndexedDbQueue(factory) };
    },
  ],
  [
    'memory',
    async () => {
      const queue = memoryQueue();
      return { open: async () => queue };
    },
  ],
];

describe.each(queues)('the queue of chosen files (%s)', (_name, make) => {
  it('keeps a file with its bytes, and lists its question’s files in the order chosen', async () => {
    const { open } = await make();
    const queue = await open();
    await queue.put(waiting('second', 2));
    await queue.put(waiting('first', 1));
    await queue.put(waiting('other-field', 0, { field: 'photos' }));
    await queue.put(waiting('other-claimant', 0, { uid: 'u2' }));
    const listed = await queue.listFor(place);
    expect(listed.map((file) => file.id)).toEqual(['first', 'second']);
    expect(await listed[0]!.blob.text()).toBe('%PDF-1.7 file first');
    expect(listed[0]!.name).toBe('first.pdf');
  });

  it('records where an upload stands, and finds it again after a reload', async () => {
    const { open } = await make();
    const queue = await open();
    await queue.put(waiting('photo', 1));
    const updated = await queue.update('photo', {
      fileId: 'f'.repeat(22),
      uploadUrl: 'http://127.0.0.1:9199/upload/session',
      chunkBytes: 1048576,
      heldBytes: 262144,
    });
    expect(updated?.heldBytes).toBe(262144);
    // A new page opens the database again.
    const [found] = await (await open()).listFor(place);
    expect(found).toMatchObject({
      id: 'photo',
      fileId: 'f'.repeat(22),
      uploadUrl: 'http://127.0.0.1:9199/upload/session',
      heldBytes: 262144,
    });
    expect(await found!.blob.text()).toBe('%PDF-1.7 file photo');
  });

  it('lets a file go only when asked, and changes nothing of a file it no longer holds', async () => {
    const { open } = await make();
    const queue = await open();
    await queue.put(waiting('a', 1));
    await queue.put(waiting('b', 2));
    await queue.remove('a');
    expect((await queue.listFor(place)).map((file) => file.id)).toEqual(['b']);
    expect(await queue.update('a', { heldBytes: 5 })).toBeNull();
    expect((await queue.listFor(place)).map((file) => file.id)).toEqual(['b']);
  });
});
