import { expect, test } from '@playwright/test';
import { claimsOf, GATEWAY_URL, signUpAnonymously } from './support/emulators';

const validStart = {
  firstName: 'A',
  lastName: 'B',
  email: 'a.b@example.com',
  phoneNumber: '07700900123',
};

function saveStart(answers: Record<string, string>) {
  return {
    data: {
      functionName: 'saveAnswers',
      data: { funnelId: 'vehicle-claim', pageId: 'start', answers },
    },
  };
}

interface CallableError {
  error?: { status?: string; message?: string; details?: { fields?: { field: string }[] } };
}

test.describe('gateway validation', () => {
  test('an invalid page payload is refused with INVALID_ARGUMENT naming the field, and nothing is written', async ({
    page,
  }) => {
    const { uid, idToken } = await signUpAnonymously();

    const response = await page.request.post(GATEWAY_URL, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: saveStart({ ...validStart, email: 'not-an-email' }),
    });

    expect(response.status()).toBe(400);
    const body = (await response.json()) as CallableError;
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain('data.answers.email');
    expect(body.error?.details?.fields?.map((f) => f.field)).toEqual(['data.answers.email']);
    expect(await claimsOf(uid)).toHaveLength(0);
  });

  test('the same call with a valid page creates the draft claim (control for "nothing written")', async ({
    page,
  }) => {
    const { uid, idToken } = await signUpAnonymously();

    const response = await page.request.post(GATEWAY_URL, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: saveStart(validStart),
    });

    expect(response.status()).toBe(200);
    const claims = await claimsOf(uid);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      userId: uid,
      funnelId: 'vehicle-claim',
      status: 'draft',
      answers: { start: validStart },
    });
  });

  test('a call without an ID token is refused as UNAUTHENTICATED', async ({ page }) => {
    const response = await page.request.post(GATEWAY_URL, { data: saveStart(validStart) });

    expect(response.status()).toBe(401);
    const body = (await response.json()) as CallableError;
    expect(body.error?.status).toBe('UNAUTHENTICATED');
  });
});
