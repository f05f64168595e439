/**
 * The dev server (npm start) answers an unknown address with HTTP 404, as Firebase Hosting
 * does, and the app draws its Not Found page there; the app's own addresses and Vite's
 * module requests are answered as before.
 */
import { expect, test } from '@playwright/test';

test('an unknown address is a 404 with the app’s Not Found page', async ({ page, request }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Page Not Found' }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveTitle(/^Page Not Found – /);

  for (const path of ['/', '/form/start/', '/privacy', '/examples/studio/vehicle-claim']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  expect((await request.get('/src/main.tsx')).status()).toBe(200);
  expect((await request.get('/account/no-such-page')).status()).toBe(404);
  // A funnel or a page no funnel file has; the funnels' own pages are served.
  expect((await request.get('/form/no-such-funnel/start/')).status()).toBe(404);
  expect((await request.get('/form/vehicle-claim/no-such-page/')).status()).toBe(404);
  expect((await request.get('/form/diesel-emissions/contact/')).status()).toBe(200);
});
