import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { callFunction, db, resultOf, signUpAnonymous } from '../support/emulators';

const FUNNEL_ID = 'vehicle-claim';
const start = examples[0]!.answers.start as Record<string, unknown>;

describe('edit stamps from a clock far ahead', () => {
  it('do not freeze a field: a later edit made now still wins', async () => {
    const claimant = await signUpAnonymous();
    const save = (firstName: string, stamp: number) =>
      resultOf(
        callFunction(claimant, 'saveAnswers', {
          funnelId: FUNNEL_ID,
          pageId: 'start',
          answers: { ...start, firstName },
          fieldStamps: { firstName: stamp },
        }),
      );
    await save('Frozen', 8_640_000_000_000_000);
    await save('Later', Date.now() + 1000);
    const claims = await db().collection('claims').where('userId', '==', claimant.uid).get();
    const stored = claims.docs[0]!.data();
    expect(stored.answers.start.firstName).toBe('Later');
    expect(stored.answerStamps.start.firstName).toBeLessThan(Date.now() + 10 * 60_000);
  });
});

describe('hidden and direction-changing characters', () => {
  it('are refused in an answer and in the profile, naming the field, writing nothing', async () => {
    const claimant = await signUpAnonymous();
    const reply = await callFunction(claimant, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId: 'start',
      answers: { ...start, firstName: 'Sam\u202Eenoj' },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.json.error)).toContain('firstName');
    expect(reply.json.error?.message).toMatch(/hidden or direction-changing characters/);
    const profile = await callFunction(claimant, 'saveProfile', {
      firstName: 'Sa\u200Bm',
      lastName: 'Jones',
      email: 'sam@example.com',
      phoneNumber: '07123 456789',
    });
    expect(profile.status).toBe(400);
    expect(JSON.stringify(profile.json.error)).toContain('data.firstName');
    const claims = await db().collection('claims').where('userId', '==', claimant.uid).get();
    expect(claims.size).toBe(0);
    // Only the refused save's count, kept with the claimant's own data: no profile.
    const person = (await db().collection('users').doc(claimant.uid).get()).data();
    expect(Object.keys(person ?? {})).toEqual(['limits']);
  });
});
