/**
 * A new claimant's first saves racing each other (two tabs, an outbox retry racing the
 * first send): one claim, every answer kept, and never an error the claimant would see.
 */
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { callFunction, db, signUpAnonymous } from '../support/emulators';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;
const PARALLEL = 20;
const ROUNDS = 10;

describe('parallel first saves', () => {
  it(`${PARALLEL} at once, ${ROUNDS} times: one claim each time, every answer, no 5xx`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const claimant = await signUpAnonymous();
      // Half send the first page, half the second, each with its own edit stamps.
      const replies = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) => {
          const pageId = index % 2 === 0 ? 'start' : 'address';
          const page = answers[pageId] as Record<string, unknown>;
          const stamp = Date.now() - 1000 + index;
          return callFunction(claimant, 'saveAnswers', {
            funnelId: FUNNEL_ID,
            pageId,
            answers: page,
            fieldStamps: Object.fromEntries(Object.keys(page).map((field) => [field, stamp])),
          });
        }),
      );
      expect(replies.filter((reply) => reply.status !== 200).map((reply) => reply.json)).toEqual(
        [],
      );
      const claims = await db().collection('claims').where('userId', '==', claimant.uid).get();
      expect(claims.size).toBe(1);
      expect(claims.docs[0]!.data().answers).toEqual({
        start: answers.start,
        address: answers.address,
      });
    }
    // The first round starts the emulator's workers: on a busy machine it alone can take a minute.
  }, 1_200_000);
});
