import MessageFormat, { type MessageFunction } from '@messageformat/core';
import messages from '../content/gateway.en-GB.json' with { type: 'json' };
import translatedContent from './infra/translatedContent';

/** A key of src/content/gateway.en-GB.json: a misspelt or removed key does not compile. */
export type GatewayTextKey = keyof typeof messages;

/** The values a message names (`{registration}`, `{count}`). */
export type GatewayTextValues = Record<string, string | number>;

/** The locale of the gateway's own sentences (its file is gateway.en-GB.json). */
export const GATEWAY_LOCALE = 'en-GB';

const formats = new Map<string, MessageFormat<'string'>>();
const compiled = new Map<string, MessageFunction<'string'>>();

/**
 * The locale the gateway says its sentences in for a reader of `locale`: that locale when it
 * has a `gateway.<locale>.json`, else en-GB. Dates and lists are formatted in it too, so a
 * sentence never mixes two languages.
 */
export function gatewayLocale(locale: string = GATEWAY_LOCALE): string {
  return locale !== GATEWAY_LOCALE && translatedContent.messages[locale] ? locale : GATEWAY_LOCALE;
}

/**
 * A sentence the gateway sends a person (a refusal a screen shows, a lookup's reason, the
 * letter's footnote), from src/content/gateway.en-GB.json or, given a `locale` that has one,
 * its `gateway.<locale>.json`: `gatewayText('lookup.vehicleNotFound', { registration })`. Each
 * ICU message is compiled by @messageformat/core the first time it is said and kept: the
 * gateway runs in Node, where compiling to a function is allowed (the browser's messages are
 * compiled at build time).
 */
export function gatewayText(
  key: GatewayTextKey,
  values?: GatewayTextValues,
  locale: string = GATEWAY_LOCALE,
): string {
  const saidIn = gatewayLocale(locale);
  const cacheKey = `${saidIn} ${key}`;
  let say = compiled.get(cacheKey);
  if (!say) {
    const file: Record<string, string> =
      saidIn === GATEWAY_LOCALE ? messages : translatedContent.messages[saidIn]!;
    const message = file[key];
    // The type allows only the file's keys, and site:check requires them of every locale's
    // file, which is bundled in: a miss is a bug here.
    if (typeof message !== 'string') {
      throw new Error(`No gateway message "${key}" in gateway.${saidIn}.json`);
    }
    let format = formats.get(saidIn);
    if (!format) {
      format = new MessageFormat(saidIn);
      formats.set(saidIn, format);
    }
    say = format.compile(message);
    compiled.set(cacheKey, say);
  }
  return say(values);
}

/** Names joined as the reader's locale says "a or b" (`"In review" or "Rejected"`). */
export function gatewayList(items: readonly string[], locale: string = GATEWAY_LOCALE): string {
  return new Intl.ListFormat(gatewayLocale(locale), { type: 'disjunction' }).format(items);
}
