/**
 * What an email says about a claim and its funnel in the reader's language: the claim's
 * recorded locale, the funnel's title and word for a claim as the funnel translates them, and
 * how long a link works, said from src/content/messages/gateway.<locale>.json.
 */
import type { ClaimDocument } from '../repositories/documents/claimDocument';
import { claimNounOf, DEFAULT_LOCALE, localizeFunnel, type Funnel } from '../../runtime/funnel';
import { gatewayText } from '../gatewayText';
import { readerLocale } from '../infra/readerLocale';

/** The language a claim was made in; claims saved before a claim recorded one are en-GB. */
export function claimLocaleOf(data: Pick<ClaimDocument, 'locale'> | undefined): string {
  return data?.locale || DEFAULT_LOCALE;
}

/** The funnel's title and word for a claim in `locale` (its own where it has no translation). */
export function funnelMailWords(
  funnel: Funnel | undefined,
  funnelId: string,
  locale: string,
): { title: string; claimNoun: string } {
  const defaultNoun = gatewayText('mail.claimNoun', {}, locale);
  if (!funnel) return { title: funnelId, claimNoun: defaultNoun };
  const localized = localizeFunnel(funnel, locale);
  return { title: localized.title, claimNoun: claimNounOf(localized, defaultNoun) };
}

/** "1 hour", "24 hours", "7 days", "15 minutes": how long a link works, as its email says it. */
export function validForText(minutes: number, locale?: string): string {
  if (minutes % 60 !== 0) return gatewayText('mail.validForMinutes', { count: minutes }, locale);
  const hours = minutes / 60;
  // "24 hours" reads as a day's wait; longer ones are said in days.
  if (hours > 24 && hours % 24 === 0)
    return gatewayText('mail.validForDays', { count: hours / 24 }, locale);
  return gatewayText('mail.validForHours', { count: hours }, locale);
}

/**
 * "27 November 2026 at 11:02" in the reader's language, UK time: when something an email
 * names happened (the account a confirm email is about was made).
 */
export function formatDateTime(
  date: Date,
  locale: string = readerLocale() ?? DEFAULT_LOCALE,
): string {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'Europe/London', ...options }).format(date);
  return gatewayText(
    'mail.dateTime',
    {
      date: format({ day: 'numeric', month: 'long', year: 'numeric' }),
      time: format({ hour: '2-digit', minute: '2-digit', hour12: false }),
    },
    locale,
  );
}
