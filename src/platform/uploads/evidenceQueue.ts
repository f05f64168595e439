/**
 * Files a claimant chose for a file question and the gateway has not yet recorded, kept in
 * this browser's IndexedDB with their bytes (the File itself), so a reload, a closed tab or a
 * lost connection loses nothing: each is written here before anything else is done with it,
 * and taken out only once `finishUpload` has answered for it. Beside the bytes each record
 * keeps where its upload stands (the gateway's file id and upload session once known, and
 * the bytes the session confirmed), so it resumes rather than starts again.
 *
 * Where IndexedDB cannot be opened (a browser that refuses storage), files are held in memory
 * for as long as the page is open, which is all that can be done there.
 */

/** One chosen file waiting to be recorded on its question. */
export interface WaitingFile {
  /** This browser's id for the chosen file. */
  id: string;
  /** The claimant (session uid) who chose it. */
  uid: string;
  funnelId: string;
  pageId: string;
  /** The file question: a property of the page's schema. */
  field: string;
  name: string;
  size: number;
  /** The bytes (the File as chosen). */
  blob: Blob;
  /** When it was chosen (ms since the epoch): files upload in that order. */
  addedAt: number;
  /** The gateway's id for the file, once `startUpload` answered. */
  fileId?: string;
  /** The resumable upload session `startUpload` made for it. */
  uploadUrl?: string;
  chunkBytes?: number;
  /** Bytes the upload session confirmed it holds. */
  heldBytes: number;
}

/** Where a file question is: whose claim, which funnel, page and field. */
export interface FileQuestionPlace {
  uid: string;
  funnelId: string;
  pageId: string;
  field: string;
}

export interface EvidenceQueue {
  /** Keeps a chosen file (or replaces the record with the same id). */
  put(file: WaitingFile): Promise<void>;
  /** Changes part of a kept file's record; nothing when it is no longer kept. */
  update(id: string, change: Partial<Omit<WaitingFile, 'id'>>): Promise<WaitingFile | null>;
  remove(id: string): Promise<void>;
  /** The files kept for one question, in the order they were chosen. */
  listFor(place: FileQuestionPlace): Promise<WaitingFile[]>;
}

const DATABASE = 'evidenceUploads';
const STORE = 'waitingFiles';
const VERSION = 1;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function isAt(file: WaitingFile, place: FileQuestionPlace): boolean {
  return (
    file.uid === place.uid &&
    file.funnelId === place.funnelId &&
    file.pageId === place.pageId &&
    file.field === place.field
  );
}

const inChosenOrder = (a: WaitingFile, b: WaitingFile) => a.addedAt - b.addedAt;

/** The queue in an IndexedDB database (`factory` is the browser's `indexedDB`, or a test's). */
export async function openIndexedDbQueue(factory: IDBFactory): Promise<EvidenceQueue> {
  const opening = factory.open(DATABASE, VERSION);
  opening.onupgradeneeded = () => {
    const database = opening.result;
    if (!database.objectStoreNames.contains(STORE)) {
      database.createObjectStore(STORE, { keyPath: 'id' });
    }
  };
  const database = await requestResult(opening);
  const run = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => Promise<T>,
  ): Promise<T> => {
    const transaction = database.transaction(STORE, mode);
    const done = transactionDone(transaction);
    const result = await work(transaction.objectStore(STORE));
    await done;
    return result;
  };
  return {
    put: (file) => run('readwrite', (store) => requestResult(store.put(file)).then(() => {})),
    update: (id, change) =>
      run('readwrite', async (store) => {
        // IndexedDB hands back `any`; this store holds only the WaitingFiles this module puts in it.
        const found = (await requestResult(store.get(id))) as WaitingFile | undefined;
        if (!found) return null;
        const changed = { ...found, ...change, id };
        await requestResult(store.put(changed));
        return changed;
      }),
    remove: (id) => run('readwrite', (store) => requestResult(store.delete(id)).then(() => {})),
    listFor: (place) =>
      run('readonly', async (store) => {
        // IndexedDB hands back `any`; this store holds only the WaitingFiles this module puts in it.
        const all = (await requestResult(store.getAll())) as WaitingFile[];
        return all.filter((file) => isAt(file, place)).sort(inChosenOrder);
      }),
  };
}

/** The queue in memory: for a browser without IndexedDB, and for tests. */
export function memoryQueue(): EvidenceQueue {
  const files = new Map<string, WaitingFile>();
  return {
    put: async (file) => void files.set(file.id, { ...file }),
    update: async (id, change) => {
      const found = files.get(id);
      if (!found) return null;
      const changed = { ...found, ...change, id };
      files.set(id, changed);
      return { ...changed };
    },
    remove: async (id) => void files.delete(id),
    listFor: async (place) =>
      [...files.values()]
        .filter((file) => isAt(file, place))
        .sort(inChosenOrder)
        .map((file) => ({ ...file })),
  };
}

let opened: Promise<EvidenceQueue> | undefined;

/**
 * This browser's queue, opened once: IndexedDB, or memory where IndexedDB cannot be opened
 * (every caller of one page then shares the same memory).
 */
export function evidenceQueue(): Promise<EvidenceQueue> {
  opened ??= (
    typeof indexedDB === 'undefined'
      ? Promise.reject(new Error('IndexedDB is not available'))
      : openIndexedDbQueue(indexedDB)
  ).catch((error: unknown) => {
    console.warn('Chosen files are kept in memory only:', error);
    return memoryQueue();
  });
  return opened;
}
