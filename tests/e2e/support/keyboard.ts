import { expect, type Page } from '@playwright/test';

/** What has focus, as a keyboard user's screen reader would name it. */
export interface Focused {
  tag: string;
  type: string;
  id: string;
  /** The input's label, a button's or link's text. */
  name: string;
  /** The legend of the fieldset the element is in (a radio group, a date input). */
  group: string;
  checked: boolean;
}

export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    const text = (node: Element | null | undefined) =>
      (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label = el?.labels?.[0] ? text(el.labels[0]) : text(el);
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      type: el?.getAttribute('type') ?? '',
      id: el?.id ?? '',
      name: label,
      group: text(el?.closest('fieldset')?.querySelector('legend')),
      checked: Boolean(el?.checked),
    };
  });
}

/** Presses Tab until `matches` says the focused element is the one wanted. */
export async function tabTo(
  page: Page,
  matches: (element: Focused) => boolean,
  what: string,
  maxTabs = 80,
): Promise<Focused> {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    if (matches(element)) return element;
  }
  throw new Error(`Tab never reached ${what}`);
}

const startsWith = (value: string, prefix: string) =>
  value.toLowerCase().startsWith(prefix.toLowerCase());

/** Tabs to the text input labelled `label` (inside `group` when given) and types `value`. */
export async function typeInto(page: Page, label: string, value: string, group?: string) {
  await tabTo(
    page,
    (el) =>
      (el.tag === 'input' || el.tag === 'textarea') &&
      !['radio', 'checkbox'].includes(el.type) &&
      startsWith(el.name, label) &&
      (group === undefined || el.group === group),
    `the field "${label}"`,
  );
  await page.keyboard.type(value);
}

/** Types a date, day first, into the GOV.UK date input whose legend is `question`. */
export async function typeDate(
  page: Page,
  question: string,
  day: string,
  month: string,
  year: string,
) {
  await typeInto(page, 'Day', day, question);
  await page.keyboard.press('Tab');
  await page.keyboard.type(month);
  await page.keyboard.press('Tab');
  await page.keyboard.type(year);
}

/** Tabs into the radio group `question` and picks `option` with the arrow keys (or Space). */
export async function chooseRadio(page: Page, question: string, option: string) {
  let element = await tabTo(
    page,
    (el) => el.type === 'radio' && el.group === question,
    `the radios "${question}"`,
  );
  for (let i = 0; i < 12 && element.name !== option; i++) {
    await page.keyboard.press('ArrowDown');
    element = await focused(page);
  }
  expect(element.name).toBe(option);
  if (!element.checked) await page.keyboard.press('Space');
}

/** Tabs to the checkbox whose label starts with `label` and ticks it with Space. */
export async function tick(page: Page, label: string) {
  await tabTo(page, (el) => el.type === 'checkbox' && startsWith(el.name, label), `"${label}"`);
  await page.keyboard.press('Space');
}

/** Tabs to the button named `name` and presses Enter. */
export async function pressButton(page: Page, name: string) {
  await tabTo(page, (el) => el.tag === 'button' && el.name === name, `the button "${name}"`);
  await page.keyboard.press('Enter');
}

/**
 * Presses Continue with the page as it is, expecting the GOV.UK error summary: it takes focus,
 * the title says "Error: ", and its first link moves focus to the first input of its field.
 * Leaves focus in that input.
 */
export async function continueExpectingErrors(page: Page, continueLabel = 'Continue') {
  await pressButton(page, continueLabel);
  await expect(page.locator('.error-summary')).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await page.keyboard.press('Tab');
  const link = await focused(page);
  expect(link.tag).toBe('a');
  await page.keyboard.press('Enter');
  const field = await focused(page);
  expect(['input', 'select', 'textarea']).toContain(field.tag);
}

/** After Continue, the new page's heading has focus and names the page. */
export async function expectHeadingFocused(page: Page, title: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(title);
  await expect(heading).toBeFocused();
}
