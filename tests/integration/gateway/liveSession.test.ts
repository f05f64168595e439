import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import {
  adminAuth,
  callFunction,
  countDocuments,
  randomEmail,
  resultOf,
  signUpAnonymous,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const start = examples[0]!.answers.start;

function saveStart(user: TestUser) {
  return callFunction(user, 'saveAnswers', {
    funnelId: 'vehicle-claim',
    pageId: 'start',
    answers: start,
  });
}

describe('every call needs a live session', () => {
  it('refuses a revoked account session at once, writes and reads alike, writing nothing', async () => {
    const user = await signUpWithEmail(randomEmail(), 'correct-horse-battery-staple');
    // Revocation counts whole seconds: sign in, then revoke in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(user.uid);
    const error = expectGatewayError(await saveStart(user), 'UNAUTHENTICATED');
    expect(error.message).toBe('Your session has ended. Sign in again to continue.');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
    // An ended session must not go on reading what was moved into the account since.
    expectGatewayError(await callFunction(user, 'listClaims', {}), 'UNAUTHENTICATED');
    expectGatewayError(await callFunction(user, 'getProfile', {}), 'UNAUTHENTICATED');
  });

  it('refuses a revoked anonymous-flavoured session too, reads included', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveStart(user));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await adminAuth().revokeRefreshTokens(user.uid);
    expectGatewayError(await saveStart(user), 'UNAUTHENTICATED');
    for (const read of ['getProfile', 'listClaims', 'exportMyData'] as const) {
      expectGatewayError(await callFunction(user, read, {}), 'UNAUTHENTICATED');
    }
    expectGatewayError(
      await callFunction(user, 'getClaim', { funnelId: 'vehicle-claim' }),
      'UNAUTHENTICATED',
    );
  });

  it('refuses a deleted user and a disabled one, writing nothing', async () => {
    const deleted = await signUpAnonymous();
    await adminAuth().deleteUser(deleted.uid);
    expectGatewayError(await saveStart(deleted), 'UNAUTHENTICATED');
    expect(await countDocuments('claims', 'userId', deleted.uid)).toBe(0);

    const disabled = await signUpAnonymous();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    expectGatewayError(await saveStart(disabled), 'UNAUTHENTICATED');
    expect(await countDocuments('claims', 'userId', disabled.uid)).toBe(0);
  });

  it('lets a live session write', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveStart(user));
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
  });
});
