/** The draft reminder job at a fixed clock: one email per stale draft with an address, ever. */
import { createHash } from 'node:crypto';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { sendDraftReminders } from '../../../src/gateway/reminders/draftReminders';
import {
  markUnflaggedDrafts,
  REMINDER_NOT_POSSIBLE,
} from '../../../src/gateway/repositories/draftReminderRepository';
import type { Funnel } from '../../../src/runtime/funnel';
import { sentClaimDocument } from '../../support/sentClaims';
import {
  callFunction,
  db,
  randomEmail,
  readDocument,
  resultOf,
  signUpAnonymous,
  gatewayAddressSecret,
} from '../support/emulators';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const funnel = vehicleClaim as unknown as Funnel;
const run = () =>
  sendDraftReminders({
    db: db(),
    addressSecret: gatewayAddressSecret(),
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
    // A single-use link to the draft, for its owner and the address it went to.
    const token = /\/login\?link=([\w-]{43})&claim=/.exec(String(mail!.message.text))?.[1];
    expect(mail!.message.text).toContain(
      `https://claims.example/login?link=${token}&claim=${tag}-stale`,
    );
    const link = await readDocument(
      'emailLinks',
      createHash('sha256').update(token!).digest('hex'),
    );
    expect(link).toMatchObject({
      purpose: 'claim',
      email,
      uid: `${tag}-stale-user`,
      funnelId: funnel.funnelId,
      claimId: `${tag}-stale`,
    });
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
    // Sent as markSubmitted leaves a claim (so the staff list shows it as any other).
    await db()
      .doc(`claims/${id}`)
      .update(
        sentClaimDocument({
          claimId: id,
          funnelId: funnel.funnelId,
          submittedAt: new Date(NOW - 9 * DAY),
          reference: `RM${id.slice(-8)}`,
        }),
      );
    expect((await run()).reminded).not.toContain(id);
    expect(await mailOf(id)).toEqual([]);
  });
});

describe('drafts the reminder cannot reach', () => {
  it('sets aside a draft with no address, so it never holds a place in later runs', async () => {
    const id = `reminder-none-${Date.now()}`;
    await seedDraft(id, 6, null);
    expect((await run()).skipped).toContain(id);
    expect((await db().doc(`claims/${id}`).get()).data()).toMatchObject({
      reminded: REMINDER_NOT_POSSIBLE,
    });
    const later = await run();
    expect([...later.reminded, ...later.skipped]).not.toContain(id);
  });

  it('makes a set-aside draft due again when the claimant saves it', async () => {
    const user = await signUpAnonymous();
    const start = { ...examples[0]!.answers.start, email: randomEmail() };
    const save = () =>
      resultOf(
        callFunction<{ claimId: string }>(user, 'saveAnswers', {
          funnelId: funnel.funnelId,
          pageId: 'start',
          answers: start,
        }),
      );
    const { claimId } = await save();
    // As a run leaves a draft that had no address when its reminder fell due.
    await db().doc(`claims/${claimId}`).update({ reminded: REMINDER_NOT_POSSIBLE });
    await save();
    expect((await db().doc(`claims/${claimId}`).get()).data()).toMatchObject({ reminded: false });
  });

  it('--backfill marks drafts saved before the flag existed, and then reminds them', async () => {
    const id = `reminder-old-${Date.now()}`;
    const email = randomEmail();
    await seedDraft(id, 8, email);
    // Saved before the flag was kept: written again without it.
    const { reminded: _flag, ...unflagged } = (await db().doc(`claims/${id}`).get()).data()!;
    // (Deleted first: the local emulator's set() keeps fields the new document lacks.)
    await db().doc(`claims/${id}`).delete();
    await db().doc(`claims/${id}`).set(unflagged);
    expect((await db().doc(`claims/${id}`).get()).data()).not.toHaveProperty('reminded');
    expect((await run()).reminded).not.toContain(id);

    expect(await markUnflaggedDrafts(db())).toBeGreaterThanOrEqual(1);
    expect((await db().doc(`claims/${id}`).get()).data()).toMatchObject({ reminded: false });
    expect((await run()).reminded).toContain(id);
    expect(await mailOf(id)).toHaveLength(1);
    // A second backfill leaves it reminded.
    await markUnflaggedDrafts(db());
    expect((await db().doc(`claims/${id}`).get()).data()).toMatchObject({ reminded: true });
  });
});
