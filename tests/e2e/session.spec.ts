import { expect, test } from '@playwright/test';
import { GATEWAY_PATH, GATEWAY_URL, listAuthUids, sessionUid } from './support/emulators';

test.describe('anonymous session', () => {
  test('a first visit to /form/start/ signs in anonymously and the Auth emulator lists the uid', async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await expect(page.getByLabel('First name')).toBeVisible({ timeout: 15_000 });

    const uid = await sessionUid(page);
    await expect(page.getByTestId('session-type')).toHaveText('Anonymous');
    expect(uid).toMatch(/^\w{10,}$/);
    expect(await listAuthUids()).toContain(uid);
  });

  test('the session survives a reload: the same uid is shown again', async ({ page }) => {
    const first = await sessionUid(page);
    await page.reload();
    await expect(page.getByTestId('session-uid')).toHaveText(first);
  });
});

test.describe('gateway client', () => {
  test('a gateway call from the page posts {data: {functionName, data, locale, sentAt}} to the gateway and succeeds', async ({
    page,
  }) => {
    await page.goto('/test');
    await expect(page.getByTestId('auth-status')).toHaveText('Ready', { timeout: 15_000 });
    const button = page.getByRole('button', { name: 'Check the gateway' });
    await expect(button).toBeEnabled();

    const requestSeen = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === GATEWAY_PATH,
    );
    await button.click();
    const request = await requestSeen;

    expect(request.url()).toBe(GATEWAY_URL);
    const body = request.postDataJSON() as { data?: { functionName?: unknown; data?: unknown } };
    expect(Object.keys(body)).toEqual(['data']);
    // The page's language goes with every call: the gateway says its refusals in it. And when
    // it was sent: a call the page stopped waiting for is dropped unrun under the emulator.
    const sent = Date.now();
    expect(body.data).toEqual({
      functionName: expect.any(String),
      data: expect.anything(),
      locale: 'en-GB',
      sentAt: expect.any(Number),
    });
    expect(Math.abs((body.data as { sentAt: number }).sentAt - sent)).toBeLessThan(60_000);
    expect(typeof body.data?.data).toBe('object');
    expect(await request.headerValue('authorization')).toMatch(/^Bearer \S+/);

    await expect(page.getByTestId('gateway-status')).toHaveText('Reachable');
  });
});
