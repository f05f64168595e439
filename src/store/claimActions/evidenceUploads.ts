/**
 * The uploads of one file question while its page is open: each chosen file is kept in this
 * browser (platform/uploads/evidenceQueue) before anything else, then, one at a time in the order
 * chosen, given an upload session by the gateway (`startUpload`), sent to Cloud Storage in
 * chunks (platform/resumableUpload) and checked by the gateway (`finishUpload`), which
 * answers with the file as the answer records it; only then does it leave the queue.
 *
 * What fails for want of a connection is tried again with the outbox's backoff
 * (runtime/backoff) and at once when the browser is back online, resuming where the session
 * got to; what the gateway refuses leaves the queue and is said to the claimant in its words.
 * Files found waiting when the page opens (a reload, a closed tab) are resumed the same way.
 *
 * Its state (each waiting file, its bytes sent, whether it is going or waiting) is read with
 * `subscribe` and `snapshot` (React's useSyncExternalStore): progress changes many times a
 * second and a File is not data for Redux, so none of it goes through the store's state.
 */
import { BACKOFF, backoffDelayMs } from '../../runtime/backoff';
import type {
  EvidenceFile,
  GatewayFunctionName,
  GatewayRequest,
  GatewayResponse,
} from '../../runtime/contract';
import {
  evidenceQueue,
  type EvidenceQueue,
  type FileQuestionPlace,
  type WaitingFile,
} from '../../platform/uploads/evidenceQueue';
import {
  sendResumable,
  UploadAborted,
  UploadSessionGone,
  type ResumableUpload,
} from '../../platform/resumableUpload';
import { browserUploadLocks, type UploadLocks } from '../../platform/uploads/uploadLocks';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import { isGatewayQueryError, isUnanswered } from '../gatewayQueryError';
import type { AppDispatch } from '../storeTypes';

/**
 * Where a waiting file stands: being sent, waiting for the one before it, waiting for the
 * browser to be online, or waiting to try again after a failed try.
 */
export type UploadState = 'uploading' | 'queued' | 'offline' | 'retrying';

/** A chosen file not yet on the answer, as the page shows it. */
export interface FileUploading {
  /** This browser's id for it. */
  id: string;
  name: string;
  size: number;
  /** Bytes sent so far. */
  sent: number;
  state: UploadState;
}

/** What the page does with an upload's outcome. */
export interface UploadOutcomes {
  /** The gateway recorded the file: it goes on the answer at once (it then leaves the queue). */
  finished(file: EvidenceFile): void;
  /** The gateway refused the file, saying why in the claimant's words; it has left the queue. */
  refused(name: string, message: string): void;
}

type Call<F extends GatewayFunctionName> = (
  data: GatewayRequest<F>,
) => Promise<NonNullable<GatewayResponse<F>>>;

/** What the uploads need from the browser: its connection and timers. */
export interface UploadBrowser {
  online(): boolean;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Everything outside the uploads' own rules (injected, for tests). */
export interface UploadServices {
  queue: () => Promise<EvidenceQueue>;
  /** Which tab uploads which waiting file (another tab open on the question leaves it). */
  locks: UploadLocks;
  startUpload: Call<'startUpload'>;
  finishUpload: Call<'finishUpload'>;
  removeUpload: Call<'removeUpload'>;
  send: (upload: ResumableUpload) => Promise<void>;
  browser: UploadBrowser;
  newId: () => string;
  now: () => number;
}

/** The gateway refused the file (its message is the claimant's sentence). */
class Refused extends Error {}

/** A gateway call's failure as the uploads treat it: a refusal, or a reason to try again. */
function refusalOf(error: unknown): Refused | null {
  if (isGatewayQueryError(error) && !isUnanswered(error)) return new Refused(error.message);
  return null;
}

/** One file question's uploads; `start` when its page shows, `stop` when it goes. */
export class QuestionUploads {
  readonly #place: FileQuestionPlace;
  #outcomes: UploadOutcomes = { finished: () => {}, refused: () => {} };
  readonly #services: UploadServices;
  #files: FileUploading[] = [];
  #snapshot: readonly FileUploading[] = [];
  readonly #listeners = new Set<() => void>();
  #stopped = true;
  /** Work was added while the loop ran: it runs again once it ends. */
  #drainAgain = false;
  #running = false;
  #failures = 0;
  #wake: (() => void) | null = null;
  #current: { id: string; controller: AbortController } | null = null;
  /** Files removed while their upload was under way: their outcome is not delivered. */
  readonly #cancelled = new Set<string>();
  /** Files on the answer, their place in the queue still being let go: not shown again. */
  readonly #delivered = new Set<string>();

  constructor(place: FileQuestionPlace, services: UploadServices) {
    this.#place = place;
    this.#services = services;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The waiting files, in the order chosen (the same array until something changes). */
  snapshot = (): readonly FileUploading[] => this.#snapshot;

  #emit(): void {
    this.#snapshot = [...this.#files];
    for (const listener of this.#listeners) listener();
  }

  #set(id: string, change: Partial<FileUploading>): void {
    this.#files = this.#files.map((file) => (file.id === id ? { ...file, ...change } : file));
    this.#emit();
  }

  /** The state every file but the one being sent shows. */
  #waitingState(): UploadState {
    if (this.#failures === 0) return 'queued';
    return this.#services.browser.online() ? 'retrying' : 'offline';
  }

  #showWaiting(): void {
    const state = this.#waitingState();
    this.#files = this.#files.map((file) =>
      file.id === this.#current?.id && state !== 'offline' ? file : { ...file, state },
    );
    this.#emit();
  }

  readonly #onOnline = () => {
    this.#failures = 0;
    this.#showWaiting();
    this.#wakeUp();
  };

  readonly #onOffline = () => {
    // What waits says so at once; the file being sent says so when its request fails.
    this.#failures = Math.max(1, this.#failures);
    this.#showWaiting();
  };

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /**
   * Finds the files waiting for this question (kept by an earlier page) and resumes them;
   * each upload's outcome goes to `outcomes`.
   */
  async start(outcomes: UploadOutcomes): Promise<void> {
    this.#outcomes = outcomes;
    this.#stopped = false;
    this.#services.browser.addEventListener('online', this.#onOnline);
    this.#services.browser.addEventListener('offline', this.#onOffline);
    const queue = await this.#services.queue();
    const waiting = await this.#held(await queue.listFor(this.#place));
    if (this.#stopped) return;
    const known = new Set([...this.#files.map((file) => file.id), ...this.#delivered]);
    this.#files = [
      ...waiting
        .filter((file) => !known.has(file.id))
        .map((file) => this.#shown(file, this.#waitingState())),
      ...this.#files,
    ];
    this.#emit();
    this.#drain();
  }

  /** Stops sending (the page is going): what is waiting stays kept for the next time. */
  stop(): void {
    this.#stopped = true;
    this.#services.browser.removeEventListener('online', this.#onOnline);
    this.#services.browser.removeEventListener('offline', this.#onOffline);
    this.#current?.controller.abort();
    this.#wakeUp();
    // What is still waiting is any tab's to take up now.
    this.#services.locks.releaseAll();
  }

  /** The files of `waiting` this tab uploads: those no other tab of this browser holds. */
  async #held(waiting: readonly WaitingFile[]): Promise<WaitingFile[]> {
    const mine: WaitingFile[] = [];
    for (const file of waiting) {
      if (await this.#services.locks.hold(file.id)) mine.push(file);
    }
    return mine;
  }

  /** Takes a file out of the queue and out of this tab's hands. */
  async #letGo(queue: EvidenceQueue, id: string): Promise<void> {
    await queue.remove(id);
    this.#services.locks.release(id);
  }

  /** Whether this page shows (and so uploads) the file: one it chose or found held for it. */
  #shows(id: string): boolean {
    return this.#files.some((file) => file.id === id);
  }

  #shown(file: WaitingFile, state: UploadState): FileUploading {
    return { id: file.id, name: file.name, size: file.size, sent: file.heldBytes, state };
  }

  /** Keeps the chosen files in this browser, then uploads them after those already waiting. */
  async add(files: readonly File[]): Promise<void> {
    const queue = await this.#services.queue();
    for (const file of files) {
      const waiting: WaitingFile = {
        id: this.#services.newId(),
        ...this.#place,
        name: file.name,
        size: file.size,
        blob: file,
        addedAt: this.#services.now(),
        heldBytes: 0,
      };
      await this.#services.locks.hold(waiting.id);
      await queue.put(waiting);
      this.#files = [...this.#files, this.#shown(waiting, this.#waitingState())];
      this.#emit();
    }
    this.#drain();
  }

  /** Removes a file not yet recorded: its upload stops, and the gateway forgets its session. */
  async cancel(id: string): Promise<void> {
    this.#cancelled.add(id);
    if (this.#current?.id === id) this.#current.controller.abort();
    const queue = await this.#services.queue();
    const fileId = (await queue.listFor(this.#place)).find((file) => file.id === id)?.fileId;
    await this.#letGo(queue, id);
    this.#files = this.#files.filter((file) => file.id !== id);
    this.#emit();
    if (fileId) this.#forget(fileId);
  }

  /** Deletes a recorded file the claimant removed from their answer (once, without waiting). */
  remove(file: EvidenceFile): void {
    this.#forget(file.fileId);
  }

  #forget(fileId: string): void {
    const forget = () => {
      this.#services.browser.removeEventListener('online', forget);
      this.#services.removeUpload({ fileId }).catch((error: unknown) => {
        // Offline: once more when the browser is back. A file no answer holds is the
        // gateway's to clear up otherwise.
        if (!refusalOf(error)) this.#services.browser.addEventListener('online', forget);
      });
    };
    forget();
  }

  /** Uploads the waiting files one at a time until none is left or the page goes. */
  #drain(): void {
    if (this.#stopped) return;
    if (this.#running) {
      // The loop under way may be past its last look at the queue: it looks again after.
      this.#drainAgain = true;
      return;
    }
    this.#running = true;
    this.#drainAgain = false;
    void this.#run().finally(() => {
      this.#running = false;
      if (this.#drainAgain) this.#drain();
    });
  }

  async #run(): Promise<void> {
    const queue = await this.#services.queue();
    while (!this.#stopped) {
      const waiting = await queue.listFor(this.#place);
      const next = (await this.#held(waiting.filter((file) => this.#shows(file.id)))).find(
        (file) => !this.#cancelled.has(file.id),
      );
      if (!next || this.#stopped) return;
      // Tried even when the browser says it is offline: it is only sure of that when it says
      // it is online (a machine with no network but its own answers offline, yet reaches
      // itself). A failure then says "offline" and waits for the browser to be back.
      try {
        await this.#upload(queue, next);
        this.#failures = 0;
      } catch (error) {
        if (error instanceof UploadAborted || this.#stopped) continue;
        if (error instanceof Refused) {
          await this.#letGo(queue, next.id);
          this.#files = this.#files.filter((file) => file.id !== next.id);
          this.#emit();
          if (!this.#cancelled.has(next.id)) this.#outcomes.refused(next.name, error.message);
          continue;
        }
        if (error instanceof UploadSessionGone) {
          // A new session next time; the gateway forgets the old one's file.
          await queue.update(next.id, { fileId: undefined, uploadUrl: undefined, heldBytes: 0 });
          if (next.fileId) this.#forget(next.fileId);
        } else {
          console.warn('An upload will be tried again:', error);
        }
        this.#failures += 1;
        this.#current = null;
        this.#showWaiting();
        await this.#pause(backoffDelayMs(BACKOFF.outbox, this.#failures));
      } finally {
        this.#current = null;
      }
    }
  }

  /** Waits `ms`, or until woken (the browser is back online, or the page goes). */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.#services.browser.setTimeout(() => wake(), ms);
      const wake = () => {
        this.#services.browser.clearTimeout(timer);
        if (this.#wake === wake) this.#wake = null;
        resolve();
      };
      this.#wake = wake;
      if (this.#stopped) wake();
    });
  }

  async #upload(queue: EvidenceQueue, waiting: WaitingFile): Promise<void> {
    let file = waiting;
    const controller = new AbortController();
    this.#current = { id: file.id, controller };
    this.#set(file.id, { state: 'uploading', sent: file.heldBytes });
    const resume = Boolean(file.fileId && file.uploadUrl);
    if (!file.fileId || !file.uploadUrl) {
      const started = await this.#services
        .startUpload({ ...this.#gatewayPlace(), name: file.name, size: file.size })
        .catch((error: unknown) => {
          throw refusalOf(error) ?? error;
        });
      const kept = await queue.update(file.id, {
        fileId: started.fileId,
        uploadUrl: started.uploadUrl,
        chunkBytes: started.chunkBytes,
        heldBytes: 0,
      });
      if (!kept || controller.signal.aborted) {
        // Removed while the session was made: the gateway forgets it.
        this.#forget(started.fileId);
        throw new UploadAborted();
      }
      file = kept;
    }
    await this.#services.send({
      url: file.uploadUrl!,
      blob: file.blob,
      chunkBytes: file.chunkBytes ?? file.size,
      resume,
      signal: controller.signal,
      onProgress: (sent) => this.#set(file.id, { sent }),
      onHeld: (held) => {
        queue.update(file.id, { heldBytes: held }).catch((error: unknown) => {
          // Only where the next try starts: it asks the session how far it got anyway.
          console.warn('The bytes sent could not be noted:', error);
        });
      },
    });
    const { file: recorded } = await this.#services
      .finishUpload({ fileId: file.fileId! })
      .catch((error: unknown) => {
        throw refusalOf(error) ?? error;
      });
    if (this.#stopped || this.#cancelled.has(file.id)) {
      // Not delivered: the page has gone (the next one asks again and gets the same answer),
      // or the claimant removed it meanwhile (cancel has asked the gateway to forget it).
      throw new UploadAborted();
    }
    // Off the list in the same tick as it goes on the answer, so no frame shows it twice
    // ("Uploaded" and "Uploading"); out of the queue after (a page closed before that resumes
    // it, and the gateway answers with the same file again).
    this.#delivered.add(file.id);
    this.#files = this.#files.filter((shown) => shown.id !== file.id);
    this.#emit();
    this.#outcomes.finished(recorded);
    await this.#letGo(queue, file.id);
    this.#delivered.delete(file.id);
  }

  #gatewayPlace() {
    const { funnelId, pageId, field } = this.#place;
    return { funnelId, pageId, field };
  }
}

/** A gateway call through the store's RTK Query API, its mutation record cleared after. */
function gatewayCall<F extends 'startUpload' | 'finishUpload' | 'removeUpload' | 'getEvidenceLink'>(
  dispatch: AppDispatch,
  name: F,
): Call<F> {
  return async (data) => {
    const api = await loadGatewayApi(dispatch);
    // RTK Query's endpoint map is too deep to index by a generic name; the contract types it.
    const endpoint = api.endpoints[name] as unknown as {
      initiate: (data: GatewayRequest<F>) => unknown;
    };
    // RTK Query's initiate/dispatch types cannot follow an endpoint picked by a generic name; the result is that endpoint's mutation promise.
    const call = dispatch(endpoint.initiate(data) as never) as unknown as {
      unwrap(): Promise<NonNullable<GatewayResponse<F>>>;
      reset(): void;
    };
    try {
      return await call.unwrap();
    } finally {
      call.reset();
    }
  };
}

const windowBrowser: UploadBrowser = {
  online: () => navigator.onLine,
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  // window.setTimeout returns a number in the browser, which is what this handle came from.
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * One question's uploads per page load: a field drawn again (its page redrawn as the funnel's
 * later pages arrive, say) takes up the same uploads. A second copy would send again a file
 * the first was still finishing, and show it twice.
 */
const uploadsOfQuestion = new Map<string, QuestionUploads>();

/** A file question's uploads in this browser, calling the gateway through the store. */
export function questionUploads(dispatch: AppDispatch, place: FileQuestionPlace): QuestionUploads {
  const key = JSON.stringify([place.uid, place.funnelId, place.pageId, place.field]);
  const known = uploadsOfQuestion.get(key);
  if (known) return known;
  const uploads = newQuestionUploads(dispatch, place);
  uploadsOfQuestion.set(key, uploads);
  return uploads;
}

function newQuestionUploads(dispatch: AppDispatch, place: FileQuestionPlace): QuestionUploads {
  return new QuestionUploads(place, {
    queue: evidenceQueue,
    locks: browserUploadLocks(),
    startUpload: gatewayCall(dispatch, 'startUpload'),
    finishUpload: gatewayCall(dispatch, 'finishUpload'),
    removeUpload: gatewayCall(dispatch, 'removeUpload'),
    send: sendResumable,
    browser: windowBrowser,
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
  });
}
