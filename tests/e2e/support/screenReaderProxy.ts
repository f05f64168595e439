import type { Page } from '@playwright/test';

/** What a screen reader would be given to say, as far as the page's markup tells. */
export interface Heard {
  /** Each new text of a `role="alert"` (said at once), in order. */
  alerts: string[];
  /** Each new text of a `role="status"` (said when the reader is idle), in order. */
  statuses: string[];
  /** Each element that took focus (its id, else its tag and text), in order. */
  focus: string[];
}

declare global {
  interface Window {
    __heard?: Heard;
  }
}

/**
 * Installs, before any of the app's code runs, a recorder of what a screen reader would
 * announce: a MutationObserver noting every change of a live region's text to something new
 * and not empty (a region that appears with text counts, as an inserted alert is read out),
 * and every focus move. It is a proxy, read from the markup, not a real screen reader.
 */
export async function installScreenReaderProxy(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: Heard = { alerts: [], statuses: [], focus: [] };
    window.__heard = heard;
    const lastText = new WeakMap<Element, string>();
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const listen = () => {
      for (const region of document.querySelectorAll('[role="alert"], [role="status"]')) {
        const text = textOf(region);
        if (text === (lastText.get(region) ?? '')) continue;
        lastText.set(region, text);
        if (!text) continue;
        (region.getAttribute('role') === 'alert' ? heard.alerts : heard.statuses).push(text);
      }
    };
    new MutationObserver(listen).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['role'],
    });
    document.addEventListener(
      'focusin',
      (event) => {
        const target = event.target as Element;
        heard.focus.push(target.id || `${target.tagName.toLowerCase()}: ${textOf(target)}`);
      },
      true,
    );
  });
}

/** What has been heard since the page loaded (a copy). */
export async function heard(page: Page): Promise<Heard> {
  return page.evaluate(() => {
    const log = window.__heard;
    if (!log) throw new Error('installScreenReaderProxy was not called before the page loaded');
    return { alerts: [...log.alerts], statuses: [...log.statuses], focus: [...log.focus] };
  });
}
