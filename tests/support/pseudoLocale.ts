/**
 * The pseudo-locale `en-XA`: English with every letter accented and each text a third
 * longer, bracketed. A screen in it shows at a glance any text that did not come through
 * translation (it is plain English), and whether longer text still fits. Test data only.
 */
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ'][i]!,
  ]),
);

/** `text` in the pseudo-locale: "Your name" → "[Ýóúŕ ñàɱé ~~~]". */
export function pseudoLocalize(text: string): string {
  const accented = [...text].map((character) => ACCENTED[character] ?? character).join('');
  return `[${accented} ${'~'.repeat(Math.max(1, Math.ceil(text.length / 3)))}]`;
}
