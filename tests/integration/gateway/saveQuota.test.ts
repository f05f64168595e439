/**
 * A page saved is one transaction: saveAnswers counts the caller's own limit, kept with their
 * data (users/<uid>.limits), in the transaction that writes the claim (dispatch's
 * countedTransaction), so the count and the save commit together, or neither does. A refused
 * save still counts; one over the limit writes nothing.
 */
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import {
  callFunction,
  db,
  readDocument,
  resultOf,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const start = examples[0]!.answers.start;
/** The per-user limit of a write (quotas.ts WRITES). */
const WRITES_PER_HOUR = 300;

const saveStart = (user: TestUser, answers: unknown = start) =>
  callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId: 'start', answers });
const counterOf = async (user: TestUser) =>
  ((await readDocument('users', user.uid))?.limits as Record<string, unknown> | undefined)
    ?.saveAnswers;
const claimOf = (user: TestUser) => readDocument('claims', `${user.uid}_${FUNNEL_ID}`);

describe('saveAnswers counts its quota in the save’s own transaction', () => {
  it('counts each save once, with the claim written', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveStart(user));
    expect(await counterOf(user)).toMatchObject({ count: 1 });
    await resultOf(saveStart(user));
    expect(await counterOf(user)).toMatchObject({ count: 2 });
    expect(await claimOf(user)).toMatchObject({ userId: user.uid, funnelId: FUNNEL_ID });
  });

  it('counts a save refused for its answers, which writes no claim', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await saveStart(user, { ...start, email: 'not-an-email' }),
      'data.answers.email',
    );
    expect(await claimOf(user)).toBeUndefined();
    expect(await counterOf(user)).toMatchObject({ count: 1 });
  });

  it('refuses a save over the caller’s limit with RESOURCE_EXHAUSTED, writing nothing', async () => {
    const user = await signUpAnonymous();
    const windowStart = Date.now();
    await db()
      .collection('users')
      .doc(user.uid)
      .set({ limits: { saveAnswers: { windowStart, count: WRITES_PER_HOUR } } });
    const error = expectGatewayError(await saveStart(user), 'RESOURCE_EXHAUSTED');
    expect(error.message).toMatch(/too many/i);
    expect(await claimOf(user)).toBeUndefined();
    // Not counted again: the refusal is the limit's, not one more call.
    expect(await counterOf(user)).toMatchObject({ count: WRITES_PER_HOUR, windowStart });
  });
});
