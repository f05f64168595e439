import messages from '../../content/messages/validation.en-GB.json' with { type: 'json' };
import type { ValidationMessageKey, ValidationWords } from '../../runtime/types';
import { compiledMessage } from './compiledMessages';
import translatedContent from './translatedContent';

/** The locale of the validation messages file itself (validation.en-GB.json). */
const OWN_LOCALE = 'en-GB';

// A key the runtime says that the file lacks does not compile.
const _everyKeyInFile: Record<ValidationMessageKey, string> = messages;

const byLocale = new Map<string, ValidationWords>();

/**
 * The validation messages of `locale`, said in Node (the gateway's checks of answers, the CLI
 * and build scripts, tests): src/content/messages/validation.en-GB.json, or the locale's
 * `validation.<locale>.json` where there is one, else en-GB's, so a sentence never mixes
 * two languages. Each message is compiled when first said (compiledMessage).
 */
export function validationWords(locale: string = OWN_LOCALE): ValidationWords {
  const saidIn =
    locale !== OWN_LOCALE && translatedContent.validation[locale] ? locale : OWN_LOCALE;
  let words = byLocale.get(saidIn);
  if (!words) {
    const file = saidIn === OWN_LOCALE ? _everyKeyInFile : translatedContent.validation[saidIn]!;
    words = (key, values) =>
      compiledMessage(file, `validation.${saidIn}.json`, saidIn, key)(values);
    byLocale.set(saidIn, words);
  }
  return words;
}
