/**
 * The pseudo-locale `en-XA`: English with every letter accented and each text a third
 * longer, bracketed. A screen in it shows at a glance any text that did not come through
 * translation (it is plain English), and whether longer text still fits. Test data only.
 */
import { parse, type Token } from '@messageformat/parser';

export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ'][i]!,
  ]),
);

const PSEUDO_LETTERS = new Set(Object.values(ACCENTED));

/**
 * Whether `text` went through the pseudo-locale: it holds one of its accented letters. A value
 * set in a pseudo-localised sentence (a name, a reference) stays as given, so a text is judged
 * whole: "[Ŵé ĥàṽé ýóúŕ ćàšé: ABC123 ~~~]" did, "We have your case: ABC123" did not.
 */
export function isPseudoLocalized(text: string): boolean {
  return [...text].some((character) => PSEUDO_LETTERS.has(character));
}

const accent = (text: string) =>
  [...text].map((character) => ACCENTED[character] ?? character).join('');
const padding = (text: string) => '~'.repeat(Math.max(1, Math.ceil(text.length / 3)));

/**
 * Accented letters a word keeps: those of Latin-1 and Latin Extended-A and -B, the letters a
 * funnel's claim noun may have (funnel.schema.json); m, v and x have none there, so stay plain.
 */
const WORD_ACCENTED: Record<string, string> = Object.fromEntries(
  Object.entries(ACCENTED).filter(([, accented]) => accented.codePointAt(0)! <= 0x24f),
);

/**
 * A word in the pseudo-locale, accented only: "appeal" → "àƥƥéàĺ", "claim" → "çĺàím" (for a
 * word set in sentences, such as a funnel's claim noun, which the format checks letter by letter).
 */
export function pseudoLocalizeWord(word: string): string {
  return [...word].map((character) => WORD_ACCENTED[character] ?? character).join('');
}

/** `text` in the pseudo-locale: "Your name" → "[Ýóúŕ ñàɱé ~~~]". */
export function pseudoLocalize(text: string): string {
  return `[${accent(text)} ${padding(text)}]`;
}

/**
 * An ICU message in the pseudo-locale: its words accented, its structure (values, plural and
 * select keywords, `#`) untouched, so it takes the same values and still parses.
 */
export function pseudoLocalizeMessage(message: string): string {
  const spans: Array<{ offset: number; text: string }> = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') spans.push({ offset: token.ctx.offset, text: token.ctx.text });
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  let result = message;
  for (const span of spans.sort((a, b) => b.offset - a.offset)) {
    result =
      result.slice(0, span.offset) +
      accent(span.text) +
      result.slice(span.offset + span.text.length);
  }
  return `[${result} ${padding(message)}]`;
}

/** An HTML tag, an entity or a `{{placeholder}}`: the parts of an email template not accented. */
const TEMPLATE_CODE = /(<[^>]*>|&[#\w]+;|\{\{[^}]*\}\})/;

/**
 * An email template's text in the pseudo-locale: its words accented, its `{{placeholders}}`,
 * HTML tags and entities untouched, bracketed as a whole ("[Ďéàŕ {{name}}, ~~~]").
 */
export function pseudoLocalizeTemplate(text: string): string {
  const parts = text.split(TEMPLATE_CODE);
  const accented = parts.map((part, i) => (i % 2 === 1 ? part : accent(part))).join('');
  return `[${accented} ${padding(text)}]`;
}
