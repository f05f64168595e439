import messages from '../content/messages/gateway.en-GB.json' with { type: 'json' };
import { compiledMessage } from './infra/compiledMessages';
import translatedContent from './infra/translatedContent';
import { readerLocale } from './infra/readerLocale';
import type { AnswerWords } from '../runtime/funnel';

/** A key of src/content/messages/gateway.en-GB.json: a misspelt or removed key does not compile. */
export type GatewayTextKey = keyof typeof messages;

/** The values a message names (`{registration}`, `{count}`). */
export type GatewayTextValues = Record<string, string | number>;

/** The locale of the gateway's own sentences (its file is gateway.en-GB.json). */
export const GATEWAY_LOCALE = 'en-GB';

/**
 * The locale the gateway says its sentences in for a reader of `locale`: that locale when it
 * has a `gateway.<locale>.json`, else en-GB. Dates and lists are formatted in it too, so a
 * sentence never mixes two languages.
 */
export function gatewayLocale(locale: string = readerLocale() ?? GATEWAY_LOCALE): string {
  return locale !== GATEWAY_LOCALE && translatedContent.messages[locale] ? locale : GATEWAY_LOCALE;
}

/**
 * A sentence the gateway sends a person (a refusal a screen shows, a lookup's reason, the
 * letter's footnote), from src/content/messages/gateway.en-GB.json or, given a `locale` that has one,
 * its `gateway.<locale>.json` (by default the caller's, readerLocale): `gatewayText('lookup.vehicleNotFound', { registration })`, each
 * message compiled when first said (compiledMessage).
 */
export function gatewayText(
  key: GatewayTextKey,
  values?: GatewayTextValues,
  locale: string = readerLocale() ?? GATEWAY_LOCALE,
): string {
  const saidIn = gatewayLocale(locale);
  const file = saidIn === GATEWAY_LOCALE ? messages : translatedContent.messages[saidIn]!;
  return compiledMessage(file, `gateway.${saidIn}.json`, saidIn, key)(values);
}

/** How a yes/no answer reads in `locale` (summariseAnswers' words), as gatewayText says it. */
export function answerWordsIn(locale?: string): AnswerWords {
  return { yes: gatewayText('answers.yes', {}, locale), no: gatewayText('answers.no', {}, locale) };
}

/** Names joined as the reader's locale says "a or b" (`"In review" or "Rejected"`). */
export function gatewayList(
  items: readonly string[],
  locale: string = readerLocale() ?? GATEWAY_LOCALE,
): string {
  return new Intl.ListFormat(gatewayLocale(locale), { type: 'disjunction' }).format(items);
}
