/**
 * A file question's uploads: kept before anything else, sent one at a time, put on the answer
 * once the gateway checked them (and only then out of the queue), resumed after a reload,
 * waiting while offline and tried again at once when back online, refused in the gateway's
 * words. The gateway, the sender and the browser's connection are played here.
 */
import { describe, expect, it, vi } from 'vitest';
import { memoryQueue, type EvidenceQueue } from '../../../src/platform/uploads/evidenceQueue';
import { pageUploadLocks, type UploadLocks } from '../../../src/platform/uploads/uploadLocks';
import {
  UploadAborted,
  UploadInterrupted,
  type ResumableUpload,
} from '../../../src/platform/resumableUpload';
import type { EvidenceFile } from '../../../src/runtime/contract';
import type { AppDispatch } from '../../../src/store';
import {
  questionUploads,
  QuestionUploads,
  type UploadBrowser,
  type UploadServices,
} from '../../../src/store/claimActions/evidenceUploads';

const place = { uid: 'u1', funnelId: 'vehicle-claim', pageId: 'finance', field: 'agreementFiles' };

/** A browser whose connection and timers the test sets. */
function testBrowser() {
  const listeners = new Map<string, Set<() => void>>();
  const timers: Array<{ run: () => void; ms: number }> = [];
  const browser: UploadBrowser & { isOnline: boolean } = {
    isOnline: true,
    online: () => browser.isOnline,
    addEventListener: (type, listener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    setTimeout: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  return {
    browser,
    timers,
    fire: (type: 'online' | 'offline') => {
      browser.isOnline = type === 'online';
      for (const listener of [...(listeners.get(type) ?? [])]) listener();
    },
  };
}

function pdf(name: string, size = 2000): File {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7'));
  return new File([bytes], name, { type: 'application/pdf' });
}

function storedAs(fileId: string, name: string, size: number): EvidenceFile {
  return { fileId, name, size, kind: 'pdf', sha256: 'a'.repeat(64) };
}

/** The uploads with the gateway and the sender played as `setup` says. */
function uploadsWith(
  setup: {
    queue?: EvidenceQueue;
    locks?: UploadLocks;
    /** The tab's name, in the ids it gives the files it keeps. */
    tab?: string;
    send?: (upload: ResumableUpload) => Promise<void>;
    finishUpload?: UploadServices['finishUpload'];
  } = {},
) {
  const queue = setup.queue ?? memoryQueue();
  const { browser, timers, fire } = testBrowser();
  const finished: EvidenceFile[] = [];
  const refused: Array<[string, string]> = [];
  let started = 0;
  let ids = 0;
  const sent: ResumableUpload[] = [];
  const names = new Map<string, { name: string; size: number }>();
  const services = {
    queue: async () => queue,
    locks: setup.locks ?? pageUploadLocks(),
    startUpload: vi.fn(async ({ name, size }: { name: string; size: number }) => {
      started += 1;
      const fileId = `file-${name.replace(/\W/g, '')}-${started}`.padEnd(22, 'x');
      names.set(fileId, { name, size });
      return { fileId, uploadUrl: `http://127.0.0.1:9199/upload/${started}`, chunkBytes: 1024 };
    }),
    finishUpload:
      setup.finishUpload ??
      vi.fn(async ({ fileId }: { fileId: string }) => {
        const { name, size } = names.get(fileId) ?? { name: 'left.pdf', size: 2000 };
        return { file: storedAs(fileId, name, size) };
      }),
    removeUpload: vi.fn(async () => ({ removed: true as const })),
    send: async (upload: ResumableUpload) => {
      sent.push(upload);
      await (setup.send ?? (async () => upload.onHeld?.(upload.blob.size)))(upload);
    },
    browser,
    newId: () => `${setup.tab ?? 'local'}-${++ids}`,
    now: () => ids,
  } satisfies UploadServices;
  const outcomes = {
    finished: (file: EvidenceFile) => void finished.push(file),
    refused: (name: string, message: string) => void refused.push([name, message]),
  };
  const make = () => new QuestionUploads(place, services as unknown as UploadServices);
  const start = (uploads: QuestionUploads) => uploads.start(outcomes);
  return { make, start, queue, finished, refused, sent, services, timers, fire, browser };
}

describe('a file question’s uploads', () => {
  it('uploads a file chosen just as the loop found nothing left (it looks again)', async () => {
    const inner = memoryQueue();
    let hold: Promise<void> | null = null;
    let looked = () => {};
    const lookedAgain = new Promise<void>((resolve) => (looked = resolve));
    // The loop's look at the queue answers what was there before the second file was kept.
    const queue: EvidenceQueue = {
      ...inner,
      listFor: async (where) => {
        const found = await inner.listFor(where);
        if (hold && found.length === 0) {
          looked();
          await hold;
        }
        return found;
      },
    };
    const test = uploadsWith({ queue });
    const uploads = test.make();
    await test.start(uploads);
    let letLoopGo = () => {};
    hold = new Promise<void>((resolve) => (letLoopGo = resolve));
    await uploads.add([pdf('one.pdf')]);
    await lookedAgain;
    await uploads.add([pdf('two.pdf')]);
    hold = null;
    letLoopGo();
    await vi.waitFor(() =>
      expect(test.finished.map((file) => file.name)).toEqual(['one.pdf', 'two.pdf']),
    );
    uploads.stop();
  });

  it('is one set of uploads per question in a page, so a field drawn again takes up the same', () => {
    const dispatch = vi.fn() as unknown as AppDispatch;
    const first = questionUploads(dispatch, place);
    expect(questionUploads(dispatch, place)).toBe(first);
    expect(questionUploads(dispatch, { ...place, field: 'otherFiles' })).not.toBe(first);
  });

  it('goes on with the same file once when its field is drawn again mid-upload, showing it once', async () => {
    let release = () => {};
    let sends = 0;
    const test = uploadsWith({
      send: (upload) => {
        sends += 1;
        if (sends > 1) return Promise.resolve(upload.onHeld?.(upload.blob.size));
        return new Promise((resolve, reject) => {
          release = () => resolve();
          upload.signal?.addEventListener('abort', () => reject(new UploadAborted()));
        });
      },
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(sends).toBe(1));
    // The field goes and comes back: the same uploads are stopped and started again.
    uploads.stop();
    await test.start(uploads);
    release();
    await vi.waitFor(() => expect(test.finished.map((file) => file.name)).toEqual(['one.pdf']));
    await vi.waitFor(() => expect(uploads.snapshot()).toEqual([]));
    expect(await test.queue.listFor(place)).toEqual([]);
    uploads.stop();
  });

  it('takes a file off the list in the same tick it goes on the answer, not once the queue lets it go', async () => {
    const inner = memoryQueue();
    let letGo = () => {};
    // Letting a file go from the browser's queue takes a while (IndexedDB on a busy machine).
    const queue: EvidenceQueue = {
      ...inner,
      remove: (id) => new Promise((resolve) => (letGo = () => resolve(inner.remove(id)))),
    };
    const test = uploadsWith({ queue });
    const uploads = test.make();
    const listedWhenFinished: string[][] = [];
    await uploads.start({
      finished: () => listedWhenFinished.push(uploads.snapshot().map((file) => file.name)),
      refused: () => {},
    });
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(listedWhenFinished).toHaveLength(1));
    // Never "Uploaded" on the answer and "Uploading" on the list at once.
    expect(listedWhenFinished).toEqual([[]]);
    expect(uploads.snapshot()).toEqual([]);
    // The field drawn again meanwhile does not show it again from the queue.
    uploads.stop();
    await test.start(uploads);
    expect(uploads.snapshot()).toEqual([]);
    letGo();
    await vi.waitFor(async () => expect(await inner.listFor(place)).toEqual([]));
    uploads.stop();
  });

  it('keeps each chosen file, uploads them in turn, and puts each on the answer once checked', async () => {
    const test = uploadsWith();
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf'), pdf('two.pdf', 3000)]);
    await vi.waitFor(() => expect(test.finished).toHaveLength(2));
    expect(test.finished.map((file) => file.name)).toEqual(['one.pdf', 'two.pdf']);
    expect(test.services.startUpload).toHaveBeenCalledWith({
      funnelId: 'vehicle-claim',
      pageId: 'finance',
      field: 'agreementFiles',
      name: 'one.pdf',
      size: 2000,
    });
    expect(test.sent.map((upload) => upload.resume)).toEqual([false, false]);
    await vi.waitFor(async () => expect(await test.queue.listFor(place)).toEqual([]));
    expect(uploads.snapshot()).toEqual([]);
    uploads.stop();
  });

  it('shows each file while it waits and uploads, with the bytes sent', async () => {
    let release = () => {};
    const test = uploadsWith({
      send: (upload) =>
        new Promise((resolve) => {
          upload.onProgress?.(1000);
          release = () => resolve();
        }),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf'), pdf('two.pdf')]);
    await vi.waitFor(() => expect(uploads.snapshot()[0]?.sent).toBe(1000));
    expect(uploads.snapshot().map(({ name, state }) => [name, state])).toEqual([
      ['one.pdf', 'uploading'],
      ['two.pdf', 'queued'],
    ]);
    release();
    await vi.waitFor(() => expect(test.finished).toHaveLength(1));
    uploads.stop();
  });

  it('says it waits while offline, and uploads at once when the browser is back online', async () => {
    const test = uploadsWith({
      send: async (upload) => {
        if (!test.browser.isOnline) throw new UploadInterrupted();
        upload.onHeld?.(upload.blob.size);
      },
    });
    test.browser.isOnline = false;
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(uploads.snapshot()[0]?.state).toBe('offline'));
    // Kept in this browser before any of it was sent.
    expect((await test.queue.listFor(place)).map((file) => file.name)).toEqual(['one.pdf']);
    // Back online: at once, not after the backoff's wait.
    expect(test.timers).toHaveLength(1);
    test.fire('online');
    await vi.waitFor(() => expect(test.finished).toHaveLength(1));
    uploads.stop();
  });

  it('says at once that what waits is offline when the browser goes offline', async () => {
    let release = () => {};
    const test = uploadsWith({
      send: (upload) =>
        new Promise((resolve) => {
          upload.onProgress?.(10);
          release = () => resolve();
        }),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf'), pdf('two.pdf')]);
    await vi.waitFor(() => expect(uploads.snapshot()[0]?.sent).toBe(10));
    test.fire('offline');
    expect(uploads.snapshot().map((file) => file.state)).toEqual(['offline', 'offline']);
    release();
    uploads.stop();
  });

  it('resumes an interrupted upload with backoff, or at once when back online', async () => {
    let tries = 0;
    const test = uploadsWith({
      send: async (upload) => {
        tries += 1;
        if (tries === 1) {
          upload.onHeld?.(1024);
          throw new UploadInterrupted();
        }
        if (tries === 2) throw new UploadInterrupted();
        upload.onHeld?.(upload.blob.size);
      },
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(test.timers).toHaveLength(1));
    expect(uploads.snapshot()[0]?.state).toBe('retrying');
    // The outbox's backoff: 2 s at first (with jitter, at least half of it).
    expect(test.timers[0]!.ms).toBeGreaterThanOrEqual(1000);
    expect(test.timers[0]!.ms).toBeLessThanOrEqual(2000);
    expect((await test.queue.listFor(place))[0]?.heldBytes).toBe(1024);
    test.timers.shift()!.run();
    await vi.waitFor(() => expect(tries).toBe(2));
    await vi.waitFor(() => expect(test.timers).toHaveLength(1));
    // Back online: at once, not after the (longer) second wait.
    test.fire('online');
    await vi.waitFor(() => expect(test.finished).toHaveLength(1));
    // The same session each time, asked how far it got.
    expect(test.services.startUpload).toHaveBeenCalledTimes(1);
    expect(test.sent.map((upload) => upload.resume)).toEqual([false, true, true]);
    uploads.stop();
  });

  it('resumes the files a closed page left, from their session, without a new one', async () => {
    const queue = memoryQueue();
    const first = uploadsWith({ queue, send: () => new Promise(() => {}) });
    const closed = first.make();
    await first.start(closed);
    await closed.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));
    closed.stop();
    const reopened = uploadsWith({ queue });
    const uploads = reopened.make();
    await reopened.start(uploads);
    await vi.waitFor(() => expect(reopened.finished).toHaveLength(1));
    expect(reopened.services.startUpload).not.toHaveBeenCalled();
    expect(reopened.sent[0]).toMatchObject({ url: first.sent[0]!.url, resume: true });
    uploads.stop();
  });

  it('says what the gateway refused in its words, and lets the file go', async () => {
    const message = 'The selected file must be a PDF, JPG or PNG';
    const test = uploadsWith({
      finishUpload: vi.fn(async () => {
        throw { code: 'invalid-argument', message, fields: [] };
      }),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('page.jpg')]);
    await vi.waitFor(() => expect(test.refused).toEqual([['page.jpg', message]]));
    expect(test.finished).toEqual([]);
    expect(await test.queue.listFor(place)).toEqual([]);
    expect(uploads.snapshot()).toEqual([]);
    uploads.stop();
  });

  it('keeps a file whose check got no answer, and asks again', async () => {
    let asked = 0;
    const test = uploadsWith({
      finishUpload: vi.fn(async ({ fileId }: { fileId: string }) => {
        asked += 1;
        if (asked === 1) throw { code: 'unavailable', message: 'offline', fields: [] };
        return { file: storedAs(fileId, 'one.pdf', 2000) };
      }),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(test.timers).toHaveLength(1));
    expect((await test.queue.listFor(place)).map((file) => file.name)).toEqual(['one.pdf']);
    test.timers.shift()!.run();
    await vi.waitFor(() => expect(test.finished).toHaveLength(1));
    uploads.stop();
  });

  it('removes a waiting file: its upload stops, and the gateway forgets its session', async () => {
    const test = uploadsWith({
      send: (upload) =>
        new Promise((_resolve, reject) =>
          upload.signal?.addEventListener('abort', () => reject(new Error('stopped'))),
        ),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(test.sent).toHaveLength(1));
    const [waiting] = uploads.snapshot();
    await uploads.cancel(waiting!.id);
    expect(uploads.snapshot()).toEqual([]);
    expect(await test.queue.listFor(place)).toEqual([]);
    expect(test.services.removeUpload).toHaveBeenCalledWith({
      fileId: expect.stringMatching(/^file-onepdf-1/),
    });
    expect(test.finished).toEqual([]);
    uploads.stop();
  });

  it('delivers nothing once stopped: the file stays kept for the next page', async () => {
    let answer = (_value: { file: EvidenceFile }) => {};
    const test = uploadsWith({
      finishUpload: vi.fn(
        () => new Promise<{ file: EvidenceFile }>((resolve) => (answer = resolve)),
      ),
    });
    const uploads = test.make();
    await test.start(uploads);
    await uploads.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(test.services.finishUpload).toHaveBeenCalled());
    uploads.stop();
    answer({ file: storedAs('f'.repeat(22), 'one.pdf', 2000) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(test.finished).toEqual([]);
    expect((await test.queue.listFor(place)).map((file) => file.name)).toEqual(['one.pdf']);
  });

  it('uploads a file once when two tabs are open on the question, and the other takes up what a closed tab left', async () => {
    const queue = memoryQueue();
    // The browser's locks, which both tabs share.
    const browserLocks = new Set<string>();
    let hold = () => {};
    const first = uploadsWith({
      queue,
      tab: 'a',
      locks: pageUploadLocks(browserLocks),
      send: (upload) =>
        new Promise((resolve) => {
          upload.onHeld?.(1024);
          hold = () => resolve();
        }),
    });
    const second = uploadsWith({ queue, tab: 'b', locks: pageUploadLocks(browserLocks) });
    const tabA = first.make();
    const tabB = second.make();
    await first.start(tabA);
    await tabA.add([pdf('one.pdf')]);
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));
    // Tab B opens the question while tab A is sending: it neither shows nor sends the file.
    await second.start(tabB);
    await tabB.add([pdf('two.pdf')]);
    await vi.waitFor(() => expect(second.finished.map((file) => file.name)).toEqual(['two.pdf']));
    expect(tabB.snapshot()).toEqual([]);
    expect(second.services.startUpload).toHaveBeenCalledTimes(1);
    hold();
    await vi.waitFor(() => expect(first.finished.map((file) => file.name)).toEqual(['one.pdf']));
    expect(first.services.startUpload).toHaveBeenCalledTimes(1);
    expect(await queue.listFor(place)).toEqual([]);

    // Tab A closes mid-upload: the next page opened on the question resumes its file.
    await tabA.add([pdf('three.pdf')]);
    await vi.waitFor(() => expect(first.sent).toHaveLength(2));
    tabA.stop();
    tabB.stop();
    await second.start(tabB);
    await vi.waitFor(() => expect(second.finished).toHaveLength(2));
    // Resumed on tab A's session (the gateway's file id and upload session), not a new one.
    expect(second.services.startUpload).toHaveBeenCalledTimes(1);
    expect(second.sent.at(-1)).toMatchObject({ url: first.sent[1]!.url, resume: true });
    expect(await queue.listFor(place)).toEqual([]);
    tabB.stop();
  });
});
