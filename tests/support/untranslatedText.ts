/**
 * What a page shows that did not come through the pseudo-locale: on a stack with the test
 * locales (tests/support/testLocales.ts), a page switched to en-XA should show no plain English,
 * so each visible text that holds a letter but none of the pseudo-locale's accented ones is
 * text that skipped translation (a string in code, a message read in the wrong locale).
 *
 *   expect(await untranslatedTextOf(page, { allowed: [claimant.name] })).toEqual([]);
 *
 * A value set into a translated sentence (the claimant's name, a reference) is the claimant's
 * own, not a translation: when it is a text node of its own, list it in `allowed`.
 */
import type { Locator, Page } from '@playwright/test';
import { isPseudoLocalized } from './pseudoLocale';

/**
 * Every text node under `root` that the page renders, whitespace collapsed, in document order.
 * Text in a closed <details>, a `display: none` or `visibility: hidden` element, <script>,
 * <style> or <template> is left out; text only a screen reader reaches (visually hidden, yet
 * rendered) is kept, as a person hears it. Runs in the browser: it uses nothing from outside.
 */
export function visibleTextNodes(root: Node): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    // Code (a stored item's name) is not words; text marked as another language (a language
    // named in itself in the switch) is that language's on purpose.
    if (!text || !parent || parent.closest('script, style, noscript, template, code')) continue;
    const language = parent.closest('[lang]')?.getAttribute('lang');
    if (language && language !== document.documentElement.lang) continue;
    if (!parent.checkVisibility({ checkVisibilityCSS: true })) continue;
    // An element in a closed <details> is not visible (above); its own text, outside the
    // summary, neither, though its parent, the <details>, is.
    if (parent.matches('details:not([open])')) continue;
    texts.push(text);
  }
  return texts;
}

/** Of `texts`, those with a letter that did not go through the pseudo-locale, `allowed` aside. */
export function notPseudoLocalized(
  texts: readonly string[],
  allowed: ReadonlyArray<string | RegExp> = [],
): string[] {
  return texts.filter(
    (text) =>
      /\p{L}/u.test(text) &&
      !isPseudoLocalized(text) &&
      !allowed.some((allow) => (typeof allow === 'string' ? allow === text : allow.test(text))),
  );
}

/**
 * The visible texts of a page (its body) or of one part of it (a locator) that are not in the
 * pseudo-locale (see notPseudoLocalized).
 */
export async function untranslatedTextOf(
  where: Page | Locator,
  options: { allowed?: ReadonlyArray<string | RegExp> } = {},
): Promise<string[]> {
  const root = 'goto' in where ? where.locator('body') : where;
  return notPseudoLocalized(await root.evaluate(visibleTextNodes), options.allowed);
}
