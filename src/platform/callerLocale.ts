/**
 * The language the page is read in, as every gateway call tells it (`locale` of its
 * envelope), so the gateway says its refusals in it. src/main.tsx gives the app's reader of
 * it; until then calls say none, and the gateway speaks its own.
 */
let current: () => string | undefined = () => undefined;

/** From now on, calls tell the language `locale` says when each is made. */
export function tellCallsTheLocale(locale: () => string): void {
  current = locale;
}

/** The language to tell a call made now. */
export function callerLocale(): string | undefined {
  return current();
}
