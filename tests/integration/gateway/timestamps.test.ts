import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { callFunction, readDocument, resultOf, signUpAnonymous } from '../support/emulators';

const pcp = examples[0]!.answers;

/**
 * Every timestamp of a write is stored. (@firestore-emulator/server 0.3.x applies only the
 * first server-timestamp transform of a write, which is why the gateway stamps writes with
 * its own clock: src/gateway/clock.ts.)
 */
describe('server timestamps in the local Firestore', () => {
  it('stores createdAt and updatedAt when saveProfile creates users/{uid}', async () => {
    const user = await signUpAnonymous();
    await resultOf(
      callFunction(user, 'saveProfile', {
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        phoneNumber: '07700 900982',
      }),
    );
    const stored = await readDocument('users', user.uid);
    expect(stored?.updatedAt).toBeInstanceOf(Timestamp);
    expect(stored?.createdAt).toBeInstanceOf(Timestamp);
  });

  it('stores createdAt and updatedAt when saveAnswers creates the claim', async () => {
    const user = await signUpAnonymous();
    const saved = await resultOf(
      callFunction<{ claimId: string; updatedAt: string }>(user, 'saveAnswers', {
        funnelId: 'vehicle-claim',
        pageId: 'start',
        answers: pcp.start,
      }),
    );
    const stored = await readDocument('claims', saved.claimId);
    expect(stored?.createdAt).toBeInstanceOf(Timestamp);
    expect(stored?.updatedAt).toBeInstanceOf(Timestamp);
    expect(saved.updatedAt).toBe((stored?.updatedAt as Timestamp).toDate().toISOString());
  });
});
