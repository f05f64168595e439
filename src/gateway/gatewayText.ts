import MessageFormat, { type MessageFunction } from '@messageformat/core';
import messages from '../content/gateway.en-GB.json' with { type: 'json' };

/** A key of src/content/gateway.en-GB.json: a misspelt or removed key does not compile. */
export type GatewayTextKey = keyof typeof messages;

/** The values a message names (`{registration}`, `{count}`). */
export type GatewayTextValues = Record<string, string | number>;

/** The locale of the gateway's sentences (its file is gateway.en-GB.json). */
export const GATEWAY_LOCALE = 'en-GB';

let messageFormat: MessageFormat<'string'> | undefined;
const compiled = new Map<GatewayTextKey, MessageFunction<'string'>>();

/**
 * A sentence the gateway sends a person (a refusal a screen shows, a lookup's reason, the
 * letter's footnote), from src/content/gateway.en-GB.json:
 * `gatewayText('lookup.vehicleNotFound', { registration })`. Each ICU message is compiled by
 * @messageformat/core the first time it is said and kept: the gateway runs in Node, where
 * compiling to a function is allowed (the browser's messages are compiled at build time).
 */
export function gatewayText(key: GatewayTextKey, values?: GatewayTextValues): string {
  let say = compiled.get(key);
  if (!say) {
    const message: string | undefined = messages[key];
    // The type allows only the file's keys, and the file is bundled in: a miss is a bug here.
    if (typeof message !== 'string') throw new Error(`No gateway message "${key}"`);
    messageFormat ??= new MessageFormat(GATEWAY_LOCALE);
    say = messageFormat.compile(message);
    compiled.set(key, say);
  }
  return say(values);
}

/** Names joined as the gateway's locale says "a or b" (`"In review" or "Rejected"`). */
export function gatewayList(items: readonly string[]): string {
  return new Intl.ListFormat(GATEWAY_LOCALE, { type: 'disjunction' }).format(items);
}
