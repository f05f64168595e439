import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The language the caller of this gateway call reads the site in (the envelope's `locale`),
 * for the whole call: the gateway's sentences said without a language of their own (a
 * refusal, a sign-in link's email) are said in it. Outside a call (scheduled reminders) there
 * is none. Node's AsyncLocalStorage carries it through the handler's awaits, so no handler
 * passes it along by hand.
 */
const storage = new AsyncLocalStorage<string>();

/** Runs `call` with `locale` as the caller's language. */
export function withReaderLocale<T>(locale: string | undefined, call: () => T): T {
  return locale === undefined ? call() : storage.run(locale, call);
}

/** The caller's language in this call, or undefined outside one (or when it sent none). */
export function readerLocale(): string | undefined {
  return storage.getStore();
}
