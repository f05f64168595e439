import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimView, GatewayResponse } from '../../../src/runtime/contract';
import { runRetention } from '../../../src/gateway/retention/retentionJob';
import {
  adminAuth,
  authUserExists,
  callFunction,
  db,
  randomEmail,
  readDocument,
  resultOf,
  signUpAnonymous,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const pcp = examples[0]!.answers;
const pagesOnPath = ['start', 'address', 'check', 'sign'] as const;

async function save(user: TestUser, pageId: (typeof pagesOnPath)[number]) {
  await resultOf(
    callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId, answers: pcp[pageId] }),
  );
}

async function withSentClaim(user: TestUser): Promise<ClaimView> {
  for (const pageId of pagesOnPath) await save(user, pageId);
  return (
    await resultOf(callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }))
  ).claim;
}

/** Every document path under claims/, users/ and saveAndReturn/ that names the uid. */
async function fingerprint(uid: string): Promise<string[]> {
  const paths: string[] = [];
  for (const [collection, field] of [
    ['claims', 'userId'],
    ['claims', 'formerUserId'],
    ['saveAndReturn', 'uid'],
  ] as const) {
    const snapshot = await db().collection(collection).where(field, '==', uid).get();
    for (const doc of snapshot.docs) paths.push(`${collection}/${doc.id} (${field})`);
  }
  if (await readDocument('users', uid)) paths.push(`users/${uid}`);
  return paths.sort();
}

describe('withdrawClaim', () => {
  it('withdraws a sent claim and records it in the history, once', async () => {
    const user = await signUpAnonymous();
    const sent = await withSentClaim(user);
    const { claim } = await resultOf(
      callFunction<{ claim: ClaimView }>(user, 'withdrawClaim', {
        funnelId: FUNNEL_ID,
        claimId: sent.claimId,
        reason: 'Settled with the lender',
      }),
    );
    expect(claim.withdrawnAt).toEqual(expect.any(String));
    expect(claim.reference).toBe(sent.reference);
    const history = await db()
      .collection('claims')
      .doc(sent.claimId)
      .collection('history')
      .doc('withdrawn')
      .get();
    expect(history.data()).toMatchObject({
      event: 'withdrawn',
      // The stage it was in (funnels/lifecycle/claim-stages.json) and the one it is in now.
      from: 'sent',
      to: 'withdrawn',
      by: user.uid,
      reason: 'Settled with the lender',
    });
    expectGatewayError(
      await callFunction(user, 'withdrawClaim', { funnelId: FUNNEL_ID, claimId: sent.claimId }),
      'FAILED_PRECONDITION',
    );
  });

  it("refuses a draft, and another claimant's claim, changing nothing", async () => {
    const owner = await signUpAnonymous();
    const sent = await withSentClaim(owner);
    const other = await signUpAnonymous();
    const refused = expectGatewayError(
      await callFunction(other, 'withdrawClaim', { funnelId: FUNNEL_ID, claimId: sent.claimId }),
      'INVALID_ARGUMENT',
    );
    expect(refused.details?.fields?.map((field) => field.field)).toEqual(['data.claimId']);
    expect((await readDocument('claims', sent.claimId))?.withdrawnAt).toBeUndefined();

    await save(other, 'start');
    expectGatewayError(
      await callFunction(other, 'withdrawClaim', {
        funnelId: FUNNEL_ID,
        claimId: `${other.uid}_${FUNNEL_ID}`,
      }),
      'FAILED_PRECONDITION',
    );
  });
});

describe('exportMyData', () => {
  it("holds every document of the caller and none of another's", async () => {
    const email = randomEmail();
    const user = await signUpWithEmail(email, 'correct-horse-battery-staple');
    const sent = await withSentClaim(user);
    await resultOf(callFunction(user, 'startClaim', { funnelId: FUNNEL_ID }));
    await save(user, 'start');
    const other = await signUpAnonymous();
    await save(other, 'start');

    const { data } = await resultOf(
      callFunction<GatewayResponse<'exportMyData'>>(user, 'exportMyData', {}),
    );
    const exported = data as {
      account: { uid: string; email: string };
      profile: Record<string, unknown>;
      claims: {
        claimId: string;
        answers: Record<string, unknown>;
        signature?: unknown;
        answersAsShown: { page: string; answers: { question: string; answer: string }[] }[];
        history: { id: string }[];
      }[];
    };
    expect(exported.account).toMatchObject({ uid: user.uid, email });
    expect(exported.profile).toMatchObject({ firstName: pcp.start.firstName });
    const claimIds = exported.claims.map((claim) => claim.claimId);
    const own = (await db().collection('claims').where('userId', '==', user.uid).get()).docs.map(
      (doc) => doc.id,
    );
    expect(claimIds.sort()).toEqual(own.sort());
    const claim = exported.claims.find((item) => item.claimId === sent.claimId)!;
    expect(claim.answers).toMatchObject({ start: pcp.start, address: pcp.address });
    expect(claim.signature).toBeDefined();
    // And as the check page showed them: a choice by its label, a date in words.
    const vehicle = claim.answersAsShown.find((page) => page.page === 'Your vehicle');
    expect(vehicle?.answers).toEqual(
      expect.arrayContaining([
        {
          question: 'How did you pay for the vehicle?',
          answer: 'Personal contract purchase (PCP)',
        },
        { question: 'Agreement start date', answer: '27 March 2019' },
      ]),
    );
    expect(claim.history.map((record) => record.id)).toContain('submitted');
    expect(JSON.stringify(data)).not.toContain(other.uid);
  });
});

describe('deleteMyAccount', () => {
  it('leaves no document or Auth user of the claimant; sent claims are kept, detached', async () => {
    const user = await signUpWithEmail(randomEmail(), 'correct-horse-battery-staple');
    const sent = await withSentClaim(user);
    await resultOf(callFunction(user, 'startClaim', { funnelId: FUNNEL_ID }));
    await save(user, 'start');
    expect(await fingerprint(user.uid)).toEqual(
      expect.arrayContaining([`users/${user.uid}`, `claims/${sent.claimId} (userId)`]),
    );

    expectGatewayError(await callFunction(user, 'deleteMyAccount', {}), 'INVALID_ARGUMENT');
    expect(await authUserExists(user.uid)).toBe(true);

    const result = await resultOf(
      callFunction<GatewayResponse<'deleteMyAccount'>>(user, 'deleteMyAccount', { confirm: true }),
    );
    expect(result).toEqual({ deleted: true, keptClaims: 1 });
    expect(await authUserExists(user.uid)).toBe(false);
    // Only the sent claim remains, no longer the account's.
    expect(await fingerprint(user.uid)).toEqual([`claims/${sent.claimId} (formerUserId)`]);
    const kept = await readDocument('claims', sent.claimId);
    expect(kept).toMatchObject({ userId: null, reference: sent.reference });
  });
});

describe('runRetention at a fixed clock', () => {
  const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
  const policy = { untouchedDraftDays: 90, sentClaimYears: 6 };

  it('deletes exactly the stale drafts and sessions, anonymises old sent claims, and resumes after a failure without doing anything twice', async () => {
    const tag = `retention-${Date.now()}`;
    const stale = Timestamp.fromMillis(Date.UTC(2020, 0, 1));
    const fresh = Timestamp.fromMillis(NOW - 24 * 60 * 60 * 1000);
    // A stale anonymous session (imported with its old sign-in times) with a stale draft.
    const staleUid = `${tag}-stale-user`;
    await adminAuth().importUsers([
      {
        uid: staleUid,
        metadata: {
          creationTime: new Date(Date.UTC(2020, 0, 1)).toUTCString(),
          lastSignInTime: new Date(Date.UTC(2020, 0, 1)).toUTCString(),
        },
      },
    ]);
    // Its profile from the first page, and its own rate-limit counts.
    await db()
      .collection('users')
      .doc(staleUid)
      .set({
        firstName: pcp.start.firstName,
        createdAt: stale,
        limits: { saveAnswers: { windowStart: 0, count: 4 } },
      });
    const claims = db().collection('claims');
    const staleDrafts = [1, 2, 3].map((n) => `${tag}-stale-draft-${n}`);
    for (const id of staleDrafts) {
      await claims.doc(id).set({
        userId: staleUid,
        funnelId: FUNNEL_ID,
        status: 'draft',
        updatedAt: stale,
        answers: { start: pcp.start },
      });
    }
    await claims.doc(`${tag}-fresh-draft`).set({
      userId: `${tag}-active`,
      funnelId: FUNNEL_ID,
      status: 'draft',
      updatedAt: fresh,
      answers: {},
    });
    await claims.doc(`${tag}-old-sent`).set({
      userId: null,
      funnelId: FUNNEL_ID,
      status: 'submitted',
      reference: 'VC-OLD1-SENT',
      updatedAt: stale,
      submittedAt: Timestamp.fromMillis(Date.UTC(2019, 0, 1)),
      answers: { start: pcp.start },
      signature: { method: 'typed', name: 'Jane' },
    });

    // A stale session whose claim no longer fits its schema (a status no version wrote): the
    // run leaves the claim and the session, reports it, and does everything else.
    const heldUid = `${tag}-held-user`;
    await adminAuth().importUsers([
      {
        uid: heldUid,
        metadata: {
          creationTime: new Date(Date.UTC(2020, 0, 1)).toUTCString(),
          lastSignInTime: new Date(Date.UTC(2020, 0, 1)).toUTCString(),
        },
      },
    ]);
    const malformedId = `${tag}-malformed`;
    await claims.doc(malformedId).set({
      userId: heldUid,
      funnelId: FUNNEL_ID,
      status: 42,
      updatedAt: stale,
      answers: {},
    });

    let failOnce = true;
    await expect(
      runRetention({
        db: db(),
        auth: adminAuth(),
        now: NOW,
        policy,
        batchSize: 2,
        beforeBatch: (index) => {
          if (index === 1 && failOnce) {
            failOnce = false;
            throw new Error('injected failure');
          }
        },
      }),
    ).rejects.toThrow('injected failure');
    const afterFailure = (
      await Promise.all(staleDrafts.map((id) => readDocument('claims', id)))
    ).filter(Boolean);
    expect(afterFailure.length).toBe(1); // the first batch (2 deletions) was written

    const resumed = await runRetention({
      db: db(),
      auth: adminAuth(),
      now: NOW,
      policy,
      batchSize: 2,
    });
    const mine = (ids: string[]) => ids.filter((id) => id.startsWith(tag));
    // The resumed run does only what was left: one draft, the old claim, the session.
    expect(mine(resumed.deleteDrafts)).toHaveLength(1);
    expect(mine(resumed.anonymiseClaims)).toEqual([`${tag}-old-sent`]);
    expect(mine(resumed.deleteUsers)).toEqual([staleUid]);
    expect(resumed.malformedClaims.filter((claim) => claim.claimId === malformedId)).toEqual([
      {
        claimId: malformedId,
        userId: heldUid,
        problem: expect.stringMatching(/claims\/.*-malformed: field status/),
      },
    ]);
    expect(await readDocument('claims', malformedId)).toMatchObject({ status: 42 });
    expect(await authUserExists(heldUid)).toBe(true);

    for (const id of staleDrafts) expect(await readDocument('claims', id)).toBeUndefined();
    expect(await readDocument('claims', `${tag}-fresh-draft`)).toBeDefined();
    const anonymised = await readDocument('claims', `${tag}-old-sent`);
    expect(anonymised).toMatchObject({ answers: {}, reference: 'VC-OLD1-SENT', userId: null });
    expect(anonymised?.signature).toBeUndefined();
    expect(await authUserExists(staleUid)).toBe(false);
    expect(await readDocument('users', staleUid)).toBeUndefined();

    // A third run finds nothing of this test left to do.
    const again = await runRetention({ db: db(), auth: adminAuth(), now: NOW, policy });
    expect(mine([...again.deleteDrafts, ...again.anonymiseClaims, ...again.deleteUsers])).toEqual(
      [],
    );
    await claims.doc(malformedId).delete();
    await adminAuth().deleteUser(heldUid);
  });
});
