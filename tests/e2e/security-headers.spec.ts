import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { answerUpToSign, fillSign, sendButton } from './support/claimant';

/**
 * The site is served here with the production security headers (firebase.json, through
 * vite.config.ts): every screen must work under its Content Security Policy, and no other
 * site may frame it.
 */

/**
 * Records every CSP violation the page reports, from before its first script runs. The
 * returned function reads what the current document saw (a full load starts a new list).
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

const SCREENS = [
  '/',
  '/start',
  '/form/start/',
  '/form/address/',
  '/login',
  '/register',
  '/account/claims',
  '/cookies',
  '/contact',
  '/privacy',
  '/accessibility',
  '/terms',
  '/examples',
  '/ui-examples',
  '/save/vehicle-claim',
  '/return',
  '/no-such-page',
];

test('every screen loads under the production policy with no violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const seen: string[] = [];
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    seen.push(...(await violations()).map((violation) => `${path}: ${violation}`));
  }
  expect([...new Set(seen)]).toEqual([]);
});

test('a claim is made, signed and sent under the policy, talking to the gateway', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await answerUpToSign(page);
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByRole('heading', { name: 'Claim submitted' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await violations()).toEqual([]);
});

test('the document carries the security headers, with no unsafe script source', async ({
  page,
}) => {
  const response = await page.goto('/form/start/');
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
});

test('the scripts the site serves point to no source map', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/form/start/');
  // The page is prerendered: its heading shows before any script; Continue works once they ran.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const body = await (await request.get(url)).text();
    expect(body, url).not.toContain('sourceMappingURL');
  }
});

test.describe('framing', () => {
  let server: Server;
  let origin: string;

  test.beforeAll(async () => {
    // Another site (another origin: another port) that tries to show the form in a frame,
    // beside a frame of its own that it may show.
    server = createServer((request, response) => {
      response.setHeader('Content-Type', 'text/html');
      if (request.url === '/own') {
        response.end('<!doctype html><title>own</title><p id="own">Framed page of this site</p>');
        return;
      }
      response.end(`<!doctype html><title>Another site</title>
        <iframe id="own" src="/own"></iframe>
        <iframe id="claims" src="http://127.0.0.1:5173/form/start/"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('a page on another origin cannot frame the app', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) {
        refusals.push(message.text());
      }
    });
    await page.goto(origin);
    // The other site's own frame shows: frames work on that page.
    await expect(page.frameLocator('#own').locator('#own')).toHaveText('Framed page of this site');
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Nothing of the app rendered in the frame.
    const claimsFrame = page.frames().find((frame) => frame.url().includes('5173'));
    const headings = claimsFrame
      ? await claimsFrame
          .locator('h1')
          .count()
          .catch(() => 0)
      : 0;
    expect(headings).toBe(0);
  });
});
