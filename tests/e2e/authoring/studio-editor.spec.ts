/**
 * The funnel studio's editor under the dev server (npm run test:authoring: a dev stack reading
 * a copy of funnels/ and schemas/ in REGISTRY_DIR): an edit re-renders the preview without a
 * reload, a mistake shows the checker's line exactly as funnels:check prints it, and Save
 * writes the file, refusing paths outside the registry. Keyboard only, as far as the editor
 * goes: the JSON is replaced with Ctrl+A and typed text, Save is reached with Tab.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import * as prettier from 'prettier';
import { expectNoViolations } from '../support/axe';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const registryDir = process.env.REGISTRY_DIR;
const FILE = 'funnels/vehicle-claim.json';

let original = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (!registryDir) {
    throw new Error('REGISTRY_DIR is not set: run npm run test:authoring');
  }
  original = await readFile(path.join(registryDir, FILE), 'utf8');
});

test.afterAll(async () => {
  // The other authoring tests share the copy: leave it as it was.
  if (registryDir && original) await writeFile(path.join(registryDir, FILE), original);
});

type FunnelJson = {
  pages: Array<{ pageId: string; title: string; next?: Array<{ goto: string; when?: object }> }>;
};

const edited = (change: (funnel: FunnelJson) => void): string => {
  const funnel = JSON.parse(original) as FunnelJson;
  change(funnel);
  return `${JSON.stringify(funnel, null, 2)}\n`;
};

const editor = (page: Page) => page.getByRole('textbox', { name: `JSON of ${FILE}`, exact: false });

/** Replaces the editor's text from the keyboard. */
async function typeJson(page: Page, text: string) {
  await editor(page).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

async function openStudio(page: Page) {
  await page.goto('/examples/studio/vehicle-claim?page=start');
  await expect(editor(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#studio-checker-summary')).not.toHaveText('Checking…');
}

/** What `npm run funnels:check` prints for the registry copy with `file` holding `text`. */
async function funnelsCheckLines(file: string, text: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'studio-check-'));
  try {
    await cp(registryDir!, dir, { recursive: true });
    await writeFile(path.join(dir, file), text);
    const run = await promisify(execFile)(
      path.join(projectRoot, 'node_modules/.bin/tsx'),
      [path.join(projectRoot, 'scripts/funnels-check.ts'), '.'],
      { cwd: dir },
    ).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
    return run.stderr
      .split('\n')
      .filter(
        (line) => line.trim() && !line.startsWith('funnels:check:') && !/npm warn/.test(line),
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the studio with its editor has no accessibility violations, on a desktop and a phone', async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openStudio(page);
    // The code box scrolls: axe's scrollable-region-focusable asks for a tab stop inside it.
    await expectNoViolations(page, `the studio editor at ${width}px`);
  }
});

test('an edit re-renders the preview and the diagram without a reload', async ({ page }) => {
  await openStudio(page);
  await page.evaluate(
    () => ((window as unknown as { studioMarker: string }).studioMarker = 'kept'),
  );

  const retitled = edited((funnel) => (funnel.pages[0]!.title = 'Your details, as edited'));
  await typeJson(page, retitled);

  await expect(
    page.getByRole('heading', { level: 3, name: /Your details, as edited/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Page: Your details, as edited (start)' }),
  ).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { studioMarker?: string }).studioMarker),
  ).toBe('kept');
  // Its version is published: funnels:check asks for a version bump, and so does the studio.
  const expected = await funnelsCheckLines(FILE, retitled);
  expect(expected.join('\n')).toContain(
    `${FILE}: /version: version ${(JSON.parse(original) as { version: number }).version} is published`,
  );
  await expect(page.getByRole('region', { name: 'Checker' }).getByRole('listitem')).toHaveText(
    expected,
  );
});

test('a goto to a missing page shows the checker line beside the editor, as funnels:check prints it', async ({
  page,
}) => {
  await openStudio(page);
  const broken = edited((funnel) => {
    const check = funnel.pages.find((p) => p.pageId === 'check')!;
    check.next![0]!.goto = 'no-such-page';
  });
  const expected = await funnelsCheckLines(FILE, broken);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.join('\n')).toContain(`${FILE}: /pages/2/next/0/goto:`);

  await typeJson(page, broken);

  const checker = page.getByRole('region', { name: 'Checker' });
  await expect(page.locator('#studio-checker-summary')).toContainText(
    `${expected.length} ${expected.length === 1 ? 'problem' : 'problems'}`,
  );
  await expect(checker.getByRole('listitem')).toHaveText(expected);
  // The preview keeps the last funnel without problems, and says so.
  await expect(page.getByText('the preview shows the last JSON without any')).toBeVisible();
});

test('funnels:check itself runs on the unsaved edit: a rule no answers can take is named, as the command names it', async ({
  page,
}) => {
  await openStudio(page);
  // Well-formed, and every page and target exists: only proving the routes with answers
  // (which the dev server's funnels:check does, not the editor's own check) finds it.
  const untakeable = edited((funnel) => {
    const rule = funnel.pages.flatMap((p) => p.next ?? []).find((r) => r.when);
    rule!.when = { not: {} };
  });
  const expected = await funnelsCheckLines(FILE, untakeable);
  expect(expected.join('\n')).toContain('no answers take this rule');

  await typeJson(page, untakeable);

  const checker = page.getByRole('region', { name: 'Checker' });
  await expect(checker.getByRole('listitem')).toHaveText(expected, { timeout: 30_000 });
  await expect(page.locator('#studio-checker-summary')).toHaveText(
    expected.length === 1
      ? '1 problem, as npm run funnels:check prints it for the files as edited here:'
      : `${expected.length} problems, as npm run funnels:check prints them for the files as edited here:`,
  );
  // Nothing was written: the check ran on the text in the editor.
  expect(await readFile(path.join(registryDir!, FILE), 'utf8')).toBe(original);

  // Put back: funnels:check finds nothing of this file again.
  await typeJson(page, original);
  await expect(checker.getByRole('listitem').filter({ hasText: `${FILE}:` })).toHaveCount(0);
});

test('Save writes the file into the registry, laid out by Prettier; a failed save keeps the edit', async ({
  page,
}) => {
  await openStudio(page);
  const notJson = `${edited((funnel) => (funnel.pages[0]!.title = 'Half typed'))}}`;
  await typeJson(page, notJson);
  await page.keyboard.press('Tab');
  const save = page.getByRole('button', { name: `Save ${FILE}` });
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(`Not saved: ${FILE}: not valid JSON at line`);
  // The edit is still there, not saved (CodeMirror draws only the lines in view: go to the top).
  await expect(page.locator('#studio-editor-label')).toHaveText(`JSON of ${FILE} (not saved)`);
  await editor(page).focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(editor(page)).toContainText('"title": "Half typed"');
  expect(await readFile(path.join(registryDir!, FILE), 'utf8')).toBe(original);

  // Typed on one line: what is written is Prettier's layout of it (the project's settings).
  const good = edited((funnel) => (funnel.pages[0]!.title = 'Your details, saved by the studio'));
  const typed = JSON.stringify(JSON.parse(good));
  await typeJson(page, typed);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const options = (await prettier.resolveConfig(path.join(projectRoot, FILE))) ?? {};
  const laidOut = await prettier.format(typed, { ...options, parser: 'json' });
  expect(laidOut).not.toBe(typed);
  await expect.poll(() => readFile(path.join(registryDir!, FILE), 'utf8')).toBe(laidOut);
  const written = await readFile(path.join(registryDir!, FILE), 'utf8');
  expect(JSON.parse(written)).toEqual(JSON.parse(good));
  // The dev server reloads the app with the saved file (and the editor fetches every file
  // again: slow on a busy machine); nothing is left unsaved.
  await expect(page.locator('#studio-editor-label')).toHaveText(`JSON of ${FILE}`, {
    timeout: 60_000,
  });
  await expect(
    page.getByRole('link', { name: 'Page: Your details, saved by the studio (start)' }),
  ).toBeVisible();
});

test('the dev server refuses a path outside the registry folders, and text that is not JSON', async ({
  request,
}) => {
  // The app's own pages send their origin, as a browser does with every PUT.
  const own = { Origin: new URL(test.info().project.use.baseURL!).origin };
  for (const bad of ['../package.json', 'funnels/../package.json', 'src/main.json']) {
    const response = await request.put('/__studio/file', {
      data: { path: bad, text: '{}' },
      headers: own,
    });
    expect(response.status(), bad).toBe(403);
    expect((await response.json()).error).toContain('the studio reads and writes only');
  }
  // Another site open in the same browser cannot save through the dev server.
  const before = await readFile(path.join(registryDir!, FILE), 'utf8');
  // Nor can a request with no Origin, or `null` (a sandboxed frame, a local file).
  const refusedHeaders: Record<string, string>[] = [
    { Origin: 'http://attacker.example' },
    { Origin: 'null' },
    {},
  ];
  for (const headers of refusedHeaders) {
    const refused = await request.put('/__studio/file', {
      data: { path: FILE, text: '{}' },
      headers,
    });
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
  }
  expect(await readFile(path.join(registryDir!, FILE), 'utf8')).toBe(before);
  // Its check quotes the registry's files: the same origin only, the same paths only.
  for (const headers of refusedHeaders) {
    const refused = await request.post('/__studio/check', { data: { edits: {} }, headers });
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
  }
  const outside = await request.post('/__studio/check', {
    data: { edits: { '../package.json': '{}' } },
    headers: own,
  });
  expect(outside.status()).toBe(403);
  const response = await request.put('/__studio/file', {
    data: { path: FILE, text: '{\n  "funnelId": \n}' },
    headers: own,
  });
  expect(response.status()).toBe(422);
  expect((await response.json()).error).toMatch(
    new RegExp(`^${FILE}: not valid JSON at line 3, column \\d+`),
  );
});

test('a funnel that is not JSON opens in the editor, marked at its line, and is fixed there', async ({
  page,
}) => {
  // The owner's slip: the closing brace lost. The app leaves the funnel out meanwhile.
  const notJson = original.trimEnd().slice(0, -1);
  await writeFile(path.join(registryDir!, FILE), notJson);
  // The funnel's own page says so, and links to the studio to fix it there.
  await expect(async () => {
    await page.goto('/form/start/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('has problems', {
      timeout: 15_000,
    });
  }).toPass({ timeout: 180_000 });
  await page.getByRole('link', { name: 'the funnel studio' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('has problems');
  await expect(editor(page)).toBeVisible({ timeout: 60_000 });
  const checker = page.getByRole('region', { name: 'Checker' });
  await expect(checker.getByRole('listitem')).toContainText([
    new RegExp(`^${FILE}: \\(root\\): not valid JSON at line \\d+`),
  ]);
  // The editor marks the syntax error in the gutter at its line, the file's end (CodeMirror
  // draws only the lines in view: go there).
  await editor(page).focus();
  await page.keyboard.press('ControlOrMeta+End');
  const marker = page
    .locator('.cm-gutterElement', { has: page.locator('.cm-lint-marker-error') })
    .first();
  await expect(marker).toBeVisible({ timeout: 30_000 });
  const lastLine = page.locator('.cm-lineNumbers .cm-gutterElement', {
    hasText: new RegExp(`^${notJson.split('\n').length}$`),
  });
  await expect(lastLine).toBeVisible();
  const [markerTop, lineTop] = await Promise.all(
    [marker, lastLine].map(async (element) => (await element.boundingBox())!.y),
  );
  expect(Math.abs(markerTop! - lineTop!)).toBeLessThan(2);

  await typeJson(page, original);
  // This file's problems are gone (other files of the registry copy, such as a funnel an
  // earlier spec broke on purpose, may still have theirs).
  await expect(checker.getByRole('listitem').filter({ hasText: `${FILE}:` })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => readFile(path.join(registryDir!, FILE), 'utf8')).toBe(original);
  // The app reloads with the fixed file: the funnel is back, diagram and preview with it.
  await expect(page.getByRole('heading', { name: 'Pages and branches' })).toBeVisible({
    timeout: 60_000,
  });
});
