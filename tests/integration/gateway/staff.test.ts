/**
 * The back office's gateway functions against the emulators: who may call them, the stage
 * moves the claim-stages JSON allows, the append-only history, and the one email per event.
 */
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { removeStaff } from '../../../scripts/staff';
import {
  functionsWithRole,
  type ClaimView,
  type StaffClaimDetail,
  type StaffClaimRow,
} from '../../../src/runtime/contract';
import {
  adminAuth,
  callFunction,
  countDocuments,
  db,
  randomEmail,
  readDocument,
  resultOf,
  signUpAnonymous,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';
import { staffMember } from '../support/staff';
import { sentClaimDocument } from '../../support/sentClaims';

const FUNNEL_ID = 'vehicle-claim';
const pcp = examples[0]!.answers;
const pagesOnPath = ['start', 'address', 'check', 'sign'] as const;
const PASSWORD = 'staff-test-password-1';

/** A claimant who sent the PCP example claim, with their own email address. */
async function claimantWithSentClaim(
  start: Record<string, unknown> = {},
): Promise<{ user: TestUser; claim: ClaimView; email: string }> {
  const user = await signUpAnonymous();
  const email = randomEmail();
  for (const pageId of pagesOnPath) {
    const answers = pageId === 'start' ? { ...pcp.start, email, ...start } : pcp[pageId];
    await resultOf(callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId, answers }));
  }
  const { claim } = await resultOf(
    callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }),
  );
  return { user, claim, email };
}

async function mailFor(claimId: string) {
  const snapshot = await db().collection('mail').where('claimId', '==', claimId).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as DocumentData);
}

async function historyOf(claimId: string) {
  const snapshot = await db().collection(`claims/${claimId}/history`).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as DocumentData);
}

const move = (user: TestUser, claimId: string, from: string, to: string, note = 'Checked') =>
  callFunction<{ claim: StaffClaimRow }>(user, 'staffMoveClaim', { claimId, from, to, note });

let staff: TestUser;
let sent: Awaited<ReturnType<typeof claimantWithSentClaim>>;

beforeAll(async () => {
  staff = await staffMember();
  sent = await claimantWithSentClaim();
});

describe('who may call the staff functions', () => {
  /** A valid payload for each staff function, so a refusal is for the role, not the data. */
  const examplePayloads: Record<string, () => unknown> = {
    staffListClaims: () => ({}),
    staffGetClaim: () => ({ claimId: sent.claim.claimId }),
    staffMoveClaim: () => ({
      claimId: sent.claim.claimId,
      from: 'sent',
      to: 'in-review',
      note: 'x',
    }),
    staffListMail: () => ({}),
    staffExportClaims: () => ({ funnelId: FUNNEL_ID, funnelVersion: 1 }),
    staffGetLetterOfAuthorityPdf: () => ({ claimId: sent.claim.claimId }),
    staffGetEvidenceLink: () => ({ claimId: sent.claim.claimId, fileId: 'A'.repeat(24) }),
    staffFunnelDropOff: () => ({ funnelId: FUNNEL_ID, funnelVersion: 1 }),
  };
  // Every function the contract says is for staff, read from the contract itself.
  const calls = () =>
    functionsWithRole('staff').map((name) => {
      const example = examplePayloads[name];
      if (!example) throw new Error(`No example payload for the staff function ${name}`);
      return [name, example()] as const;
    });

  it('has an example for exactly the staff functions the contract declares', () => {
    expect(Object.keys(examplePayloads).sort()).toEqual(functionsWithRole('staff').sort());
  });

  async function expectRefusedWithNothingWritten(caller: TestUser | undefined, status: string) {
    const historyBefore = await historyOf(sent.claim.claimId);
    const mailBefore = await countDocuments('mail', 'claimId', sent.claim.claimId);
    const claimBefore = await readDocument('claims', sent.claim.claimId);
    for (const [name, data] of calls()) {
      expectGatewayError(await callFunction(caller, name, data), status);
    }
    expect(await historyOf(sent.claim.claimId)).toEqual(historyBefore);
    expect(await countDocuments('mail', 'claimId', sent.claim.claimId)).toBe(mailBefore);
    expect(await readDocument('claims', sent.claim.claimId)).toEqual(claimBefore);
  }

  it('refuses the claimant, with nothing written', async () => {
    await expectRefusedWithNothingWritten(sent.user, 'PERMISSION_DENIED');
  });

  it('refuses an anonymous visitor and a registered claimant', async () => {
    await expectRefusedWithNothingWritten(await signUpAnonymous(), 'PERMISSION_DENIED');
    const email = randomEmail();
    await expectRefusedWithNothingWritten(
      await signUpWithEmail(email, PASSWORD),
      'PERMISSION_DENIED',
    );
  });

  it('refuses a caller without a session', async () => {
    await expectRefusedWithNothingWritten(undefined, 'UNAUTHENTICATED');
  });

  it('refuses a token that claims the role for an account without it (checked in code)', async () => {
    const claimant = await signUpWithEmail(randomEmail(), PASSWORD);
    // The Functions emulator does not verify signatures: a forged claim reaches the gateway.
    const [header, payload] = claimant.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, staff: true })).toString('base64url');
    await expectRefusedWithNothingWritten(
      { ...claimant, idToken: `${header}.${forged}.` },
      'PERMISSION_DENIED',
    );
  });

  it('refuses a member of staff at once when the role is removed', async () => {
    const leaver = await staffMember();
    await resultOf(callFunction(leaver, 'staffListClaims', { pageSize: 1 }));
    await removeStaff(adminAuth(), leaver.email!);
    // Their ID token still says staff until it expires; the account no longer does.
    expectGatewayError(
      await callFunction(leaver, 'staffListClaims', { pageSize: 1 }),
      'PERMISSION_DENIED',
    );
  });
});

describe('a sent claim', () => {
  it('starts in the first stage, with one "we have your claim" email', async () => {
    const stored = await readDocument('claims', sent.claim.claimId);
    expect(stored).toMatchObject({ stage: 'sent', contact: { email: sent.email } });
    expect(sent.claim.stage).toBe('sent');
    const mail = await mailFor(sent.claim.claimId);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      id: `${sent.claim.claimId}_received`,
      to: sent.email,
      event: 'claim-received',
      message: {
        subject: expect.stringMatching(
          new RegExp(`^We have your claim: ${sent.claim.reference} \\(Registration [A-Z0-9 ]+\\)$`),
        ),
      },
    });
    expect(mail[0]!.message.text).toContain(sent.claim.reference);
    // A single-use link to this claim (tests/integration/accounts/claimLinks.test.ts).
    expect(mail[0]!.message.text).toMatch(
      new RegExp(`http://127\\.0\\.0\\.1:5173/login\\?link=[\\w-]{43}&claim=${sent.claim.claimId}`),
    );
  });

  it("escapes the claimant's own typing in the email's HTML", async () => {
    const { claim } = await claimantWithSentClaim({ firstName: 'Sam <b>&' });
    const [mail] = await mailFor(claim.claimId);
    expect(mail!.message.html).toContain('Dear Sam &lt;b&gt;&amp; ');
    expect(mail!.message.text).toContain('Dear Sam <b>& ');
  });

  it('sends one email however many submits race', async () => {
    const user = await signUpAnonymous();
    const email = randomEmail();
    for (const pageId of pagesOnPath) {
      const answers = pageId === 'start' ? { ...pcp.start, email } : pcp[pageId];
      await resultOf(callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId, answers }));
    }
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }),
      ),
    );
    const claimId = (await resultOf(Promise.resolve(replies[0]!))).claim.claimId;
    expect(await mailFor(claimId)).toHaveLength(1);
  }, 60_000);
});

describe('staffMoveClaim', () => {
  it('moves a claim as the JSON allows, records who, when, from, to and the note, and emails once', async () => {
    const { user, claim, email } = await claimantWithSentClaim();
    const moved = await resultOf(move(staff, claim.claimId, 'sent', 'in-review', 'ID checked'));
    expect(moved.claim.stage).toBe('in-review');
    const history = (await historyOf(claim.claimId)).filter((r) => r.event === 'stage-changed');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      from: 'sent',
      to: 'in-review',
      by: staff.uid,
      note: 'ID checked',
    });
    expect(history[0]!.at).toBeInstanceOf(Timestamp);
    const mail = (await mailFor(claim.claimId)).filter((m) => m.event === 'stage-changed');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      id: `${claim.claimId}_${history[0]!.id}`,
      to: email,
      message: {
        subject: `Your claim ${claim.reference} (Registration ${pcp.check.registrationNumber}): We are checking your claim`,
      },
    });
    // The claimant sees the stage.
    const { claim: seen } = await resultOf(
      callFunction<{ claim: ClaimView }>(user, 'getClaim', { funnelId: FUNNEL_ID }),
    );
    expect(seen.stage).toBe('in-review');
    expect(seen.timeline.map((entry) => entry.stage)).toEqual(['sent', 'in-review']);
  });

  it('refuses a move the JSON does not allow, and writes nothing', async () => {
    const { claim } = await claimantWithSentClaim();
    const before = await readDocument('claims', claim.claimId);
    const error = expectGatewayError(
      await move(staff, claim.claimId, 'sent', 'accepted'),
      'FAILED_PRECONDITION',
    );
    expect(error.message).toBe('A claim that is "Sent" can only move to "In review"');
    expect(await readDocument('claims', claim.claimId)).toEqual(before);
    expect((await historyOf(claim.claimId)).map((r) => r.event)).toEqual(['submitted']);
    expect((await mailFor(claim.claimId)).map((m) => m.event)).toEqual(['claim-received']);
  });

  it('refuses a move from a stage the claim has left since staff opened it', async () => {
    const { claim } = await claimantWithSentClaim();
    await resultOf(move(staff, claim.claimId, 'sent', 'in-review'));
    const error = expectGatewayError(
      await move(staff, claim.claimId, 'sent', 'in-review'),
      'FAILED_PRECONDITION',
    );
    expect(error.message).toBe(
      'This claim is now "In review": someone changed it since you opened it',
    );
    expect(
      (await historyOf(claim.claimId)).filter((r) => r.event === 'stage-changed'),
    ).toHaveLength(1);
  });

  it('keeps the history append-only: each move adds a record and leaves the others as they were', async () => {
    const { claim } = await claimantWithSentClaim();
    await resultOf(move(staff, claim.claimId, 'sent', 'in-review', 'first'));
    const [first] = (await historyOf(claim.claimId)).filter((r) => r.event === 'stage-changed');
    await resultOf(move(staff, claim.claimId, 'in-review', 'with-lender', 'second'));
    const after = await historyOf(claim.claimId);
    expect(after.find((r) => r.id === first!.id)).toEqual(first);
    expect(
      after
        .filter((r) => r.event === 'stage-changed')
        .map((r) => r.note)
        .sort(),
    ).toEqual(['first', 'second']);
    // A second "submitted" record cannot be written over the first: it is create-only.
    await expect(
      db().doc(`claims/${claim.claimId}/history/submitted`).create({ event: 'submitted' }),
    ).rejects.toThrow();
  });

  it('refuses a final claim any move, and the claimant its withdrawal', async () => {
    const { user, claim } = await claimantWithSentClaim();
    await resultOf(move(staff, claim.claimId, 'sent', 'in-review'));
    await resultOf(move(staff, claim.claimId, 'in-review', 'rejected', 'No finance agreement'));
    expectGatewayError(
      await move(staff, claim.claimId, 'rejected', 'in-review'),
      'FAILED_PRECONDITION',
    );
    const refused = expectGatewayError(
      await callFunction(user, 'withdrawClaim', { funnelId: FUNNEL_ID, claimId: claim.claimId }),
      'FAILED_PRECONDITION',
    );
    expect(refused.message).toBe(
      'This claim is closed (Claim not successful): it can no longer be withdrawn',
    );
  });
});

describe('withdrawal', () => {
  it('moves the claim to the withdrawn stage and sends one email', async () => {
    const { user, claim, email } = await claimantWithSentClaim();
    await resultOf(
      callFunction(user, 'withdrawClaim', { funnelId: FUNNEL_ID, claimId: claim.claimId }),
    );
    expect(await readDocument('claims', claim.claimId)).toMatchObject({ stage: 'withdrawn' });
    const mail = (await mailFor(claim.claimId)).filter((m) => m.event === 'claim-withdrawn');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: email, id: `${claim.claimId}_withdrawn` });
  });
});

describe('staffGetClaim and staffListClaims', () => {
  it('shows a sent claim with its answers, signature evidence and history', async () => {
    const detail = await resultOf(
      callFunction<StaffClaimDetail>(staff, 'staffGetClaim', { claimId: sent.claim.claimId }),
    );
    expect(detail.claim.answers.start).toMatchObject({ firstName: pcp.start.firstName });
    expect(detail.row).toMatchObject({ reference: sent.claim.reference, email: sent.email });
    expect(detail.signature?.method).toBe('typed');
    expect(detail.history.map((entry) => entry.event)).toContain('submitted');
  });

  it('gives staff the signed letter of authority as the claimant gets it', async () => {
    const pdf = await resultOf(
      callFunction<{ fileName: string; base64: string }>(staff, 'staffGetLetterOfAuthorityPdf', {
        claimId: sent.claim.claimId,
      }),
    );
    expect(pdf.fileName).toBe(`letter-of-authority-${sent.claim.reference}.pdf`);
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("exports one funnel version's claims as CSV: roles, then every question as the check page shows it", async () => {
    const { claim } = await claimantWithSentClaim();
    const stored = (await readDocument('claims', claim.claimId))!;
    const { header, csv, rows, nextCursor } = await resultOf(
      callFunction<{ header: string; csv: string; rows: number; nextCursor: string | null }>(
        staff,
        'staffExportClaims',
        {
          search: claim.reference!,
          funnelId: FUNNEL_ID,
          funnelVersion: Number(stored.funnelVersion),
        },
      ),
    );
    expect(rows).toBe(1);
    expect(nextCursor).toBeNull();
    expect(
      header.startsWith('"Reference","Claimant","Email","Phone","Registration","Stage",'),
    ).toBe(true);
    // A column per question, titled as the claimant saw it.
    expect(header).toContain('"First name"');
    expect(header).toContain('"Postcode"');
    expect(
      csv.startsWith(`"${claim.reference}","${pcp.start.firstName} ${pcp.start.lastName}",`),
    ).toBe(true);
    expect(csv).toContain(`"${pcp.start.firstName}"`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('names a funnel version the deployment does not hold, and exports nothing of it', async () => {
    const { claim } = await claimantWithSentClaim();
    const stored = (await readDocument('claims', claim.claimId))!;
    const reply = await callFunction(staff, 'staffExportClaims', {
      search: claim.reference!,
      funnelId: FUNNEL_ID,
      funnelVersion: Number(stored.funnelVersion) + 1000,
    });
    expectInvalidArgument(reply, 'data.funnelVersion');
  });

  it('finds a claim by reference, email, name and registration typed with a space', async () => {
    const { claim, email } = await claimantWithSentClaim({ lastName: `Zed${Date.now()}` });
    const stored = (await readDocument('claims', claim.claimId))!;
    // Kept through the funnel's roles: the whole name, and the subject as typed.
    const lastName = String(stored.contact.name).split(' ').at(-1)!;
    const registration = String(stored.contact.subject).replace(/ /g, '');
    for (const search of [claim.reference!, email.toUpperCase(), lastName.toLowerCase()]) {
      const { claims } = await resultOf(
        callFunction<{ claims: StaffClaimRow[] }>(staff, 'staffListClaims', { search }),
      );
      expect(
        claims.map((row) => row.claimId),
        search,
      ).toContain(claim.claimId);
    }
    const spaced = `${String(registration).slice(0, 4)} ${String(registration).slice(4)}`;
    const { claims } = await resultOf(
      callFunction<{ claims: StaffClaimRow[] }>(staff, 'staffListClaims', {
        search: spaced,
        stage: 'sent',
        funnelId: FUNNEL_ID,
      }),
    );
    expect(claims.map((row) => row.claimId)).toContain(claim.claimId);
  });

  it('pages through every claim once, newest first, with a cursor', async () => {
    // Claims seeded as markSubmitted writes them, in a funnel id of this test's own.
    const funnelId = `paging-${Date.now().toString(36)}`;
    const batch = db().batch();
    for (let i = 0; i < 23; i++) {
      const claimId = `seed-${funnelId}-${i}`;
      batch.set(
        db().doc(`claims/${claimId}`),
        sentClaimDocument({
          claimId,
          funnelId,
          submittedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
          reference: `VC-SEED-${String(i).padStart(4, '0')}`,
        }),
      );
    }
    await batch.commit();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: { claims: StaffClaimRow[]; nextCursor: string | null } = await resultOf(
        callFunction(staff, 'staffListClaims', {
          funnelId,
          pageSize: 10,
          ...(cursor ? { cursor } : {}),
        }),
      );
      expect(page.claims.length).toBeLessThanOrEqual(10);
      seen.push(...page.claims.map((row) => row.claimId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `seed-${funnelId}-${22 - i}`));
  });

  it('refuses a cursor it did not give, naming the field', async () => {
    const reply = await callFunction(staff, 'staffListClaims', { cursor: 'bm90LWEtY3Vyc29y' });
    expect(expectGatewayError(reply, 'INVALID_ARGUMENT').details?.fields).toEqual([
      { field: 'data.cursor', message: 'is not a cursor this list gave' },
    ]);
  });
});
