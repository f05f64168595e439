import { activeLocale, SITE_LOCALE } from './siteLocale';

/** What a page formats with: the same `format` as Intl's, in the locale the page is read in. */
interface LocaleFormat<Value> {
  format(value: Value): string;
}

/**
 * Formats in the page's locale, or, where the browser has no data for it (Chromium has none
 * for Welsh), in the site's own: "27 November 2026" rather than the browser's default
 * "November 27, 2026".
 */
function inActiveLocale<Value, Formatter extends LocaleFormat<Value>>(
  make: (locales: string[]) => Formatter,
): LocaleFormat<Value> {
  // One formatter per locale, made when first used (making one is the slow part).
  const byLocale = new Map<string, Formatter>();
  return {
    format(value) {
      const locale = activeLocale();
      let formatter = byLocale.get(locale);
      if (!formatter) {
        formatter = make(locale === SITE_LOCALE ? [locale] : [locale, SITE_LOCALE]);
        byLocale.set(locale, formatter);
      }
      return formatter.format(value);
    },
  };
}

/** Dates and times as `Intl.DateTimeFormat(options)` writes them in the page's locale. */
export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
): LocaleFormat<Date | number | undefined> {
  return inActiveLocale((locales) => new Intl.DateTimeFormat(locales, options));
}

/** Numbers as `Intl.NumberFormat(options)` writes them in the page's locale. */
export function numberFormat(options: Intl.NumberFormatOptions): LocaleFormat<number> {
  return inActiveLocale((locales) => new Intl.NumberFormat(locales, options));
}

/** A language's name in the page's locale ("Welsh (cy)" is said from it). */
export function languageNames(): LocaleFormat<string> {
  return inActiveLocale((locales) => {
    const names = new Intl.DisplayNames(locales, { type: 'language' });
    return { format: (tag: string) => names.of(tag) ?? tag };
  });
}

/** Units of time as the page's language shortens them ("45 secs", "2 mins"; "2 mun"). */
export function unitFormat(unit: 'second' | 'minute' | 'hour' | 'day'): LocaleFormat<number> {
  return numberFormat({ style: 'unit', unit, unitDisplay: 'short' });
}

/** Parts of one measure said together, as the page's language does ("2 mins 5 secs"). */
export function unitListFormat(): LocaleFormat<string[]> {
  return inActiveLocale(
    (locales) => new Intl.ListFormat(locales, { type: 'unit', style: 'narrow' }),
  );
}

/** Names offered as alternatives, as the page's language joins them ("registration or flight number"). */
export function alternativesFormat(): LocaleFormat<string[]> {
  return inActiveLocale((locales) => new Intl.ListFormat(locales, { type: 'disjunction' }));
}

/** Names said together, as the page's language joins them ("photo.jpg and scan.pdf"). */
export function togetherFormat(): LocaleFormat<string[]> {
  return inActiveLocale((locales) => new Intl.ListFormat(locales, { type: 'conjunction' }));
}
