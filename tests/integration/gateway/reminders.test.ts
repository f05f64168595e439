/** The draft reminder job at a fixed clock: one email per stale draft with an address, ever. */
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { sendDraftReminders } from '../../../src/gateway/reminders/draftReminders';
import type { Funnel } from '../../../src/runtime/funnel';
import { db, randomEmail } from '../support/emulators';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const funnel = vehicleClaim as unknown as Funnel;
const run = () =>
  sendDraftReminders({
    db: db(),
    now: NOW,
    siteUrl: 'https://claims.example',
    getFunnel: (id) => (id === funnel.funnelId ? funnel : undefined),
    batchSize: 1000,
  });

async function seedDraft(id: string, updatedDaysAgo: number, email: string | null) {
  const start = { ...examples[0]!.answers.start, email: email ?? undefined };
  if (!email) delete (start as Record<string, unknown>).email;
  await db()
    .doc(`claims/${id}`)
    .set({
      userId: `${id}-user`,
      funnelId: funnel.funnelId,
      funnelVersion: 1,
      status: 'draft',
      answers: { start },
      currentPageId: 'address',
      reminded: false,
      createdAt: Timestamp.fromMillis(NOW - 30 * DAY),
      updatedAt: Timestamp.fromMillis(NOW - updatedDaysAgo * DAY),
    });
}

async function mailOf(id: string) {
  const snapshot = await db().collection('mail').where('claimId', '==', id).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as DocumentData);
}

describe('sendDraftReminders', () => {
  it('emails a stale draft once, leaves a fresh one and one without an address', async () => {
    const tag = `reminder-${Date.now()}`;
    const email = randomEmail();
    await seedDraft(`${tag}-stale`, 4, email);
    await seedDraft(`${tag}-fresh`, 1, randomEmail());
    await seedDraft(`${tag}-no-email`, 10, null);

    const first = await run();
    expect(first.reminded).toContain(`${tag}-stale`);
    expect(first.reminded).not.toContain(`${tag}-fresh`);
    expect(first.skipped).toContain(`${tag}-no-email`);
    const [mail] = await mailOf(`${tag}-stale`);
    expect(mail).toMatchObject({
      id: `${tag}-stale_reminder`,
      to: email,
      event: 'draft-reminder',
      message: { subject: 'Your claim is not finished yet' },
    });
    expect(mail!.message.text).toContain('https://claims.example/form/vehicle-claim/start/');
    expect(await mailOf(`${tag}-fresh`)).toEqual([]);
    expect(await mailOf(`${tag}-no-email`)).toEqual([]);

    // Later runs, even two at once, never send it again.
    const again = await Promise.all([run(), run()]);
    for (const outcome of again) expect(outcome.reminded).not.toContain(`${tag}-stale`);
    expect(await mailOf(`${tag}-stale`)).toHaveLength(1);
    expect((await db().doc(`claims/${tag}-stale`).get()).data()).toMatchObject({ reminded: true });
  });

  it('sends one reminder when two runs race for the same draft, and neither fails', async () => {
    const id = `reminder-race-${Date.now()}`;
    await seedDraft(id, 5, randomEmail());
    const outcomes = await Promise.all([run(), run(), run()]);
    expect(outcomes.filter((outcome) => outcome.reminded.includes(id))).toHaveLength(1);
    expect(await mailOf(id)).toHaveLength(1);
  });

  it('never reminds a sent claim', async () => {
    const id = `reminder-sent-${Date.now()}`;
    await seedDraft(id, 10, randomEmail());
    await db().doc(`claims/${id}`).update({ status: 'submitted' });
    expect((await run()).reminded).not.toContain(id);
    expect(await mailOf(id)).toEqual([]);
  });
});
