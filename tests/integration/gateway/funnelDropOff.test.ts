/**
 * The drop-off dashboard's function against the emulators: first-save times kept by real
 * saves, and the numbers staffFunnelDropOff computes from the claims Firestore holds.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import funnel from '../../../funnels/vehicle-claim.json';
import type { GatewayResponse } from '../../../src/runtime/contract';
import {
  callFunction,
  db,
  randomEmail,
  readDocument,
  resultOf,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';
import { sentClaimDocument } from '../../support/sentClaims';
import { staffMember } from '../support/staff';

const FUNNEL_ID = 'vehicle-claim';
const pcp = examples[0]!.answers;

let staff: TestUser;

beforeAll(async () => {
  staff = await staffMember();
});

const dropOff = (data: Record<string, unknown>) =>
  callFunction<GatewayResponse<'staffFunnelDropOff'>>(staff, 'staffFunnelDropOff', {
    funnelId: FUNNEL_ID,
    ...data,
  });

describe('first-save times', () => {
  it('are kept per page on the claim, and a page saved again keeps its first', async () => {
    const user = await signUpAnonymous();
    const save = (pageId: 'start' | 'address', answers: object) =>
      resultOf(
        callFunction<{ claimId: string }>(user, 'saveAnswers', {
          funnelId: FUNNEL_ID,
          pageId,
          answers,
        }),
      );
    const { claimId } = await save('start', { ...pcp.start, email: randomEmail() });
    const first = (await readDocument('claims', claimId))!.pageSavedAt as Record<string, Timestamp>;
    expect(Object.keys(first)).toEqual(['start']);

    await save('address', pcp.address);
    await save('start', { ...pcp.start, firstName: 'Changed', email: randomEmail() });
    const stored = await readDocument('claims', claimId);
    const savedAt = stored!.pageSavedAt as Record<string, Timestamp>;
    expect(savedAt.start!.toMillis()).toBe(first.start!.toMillis());
    expect(savedAt.address!.toMillis()).toBeGreaterThanOrEqual(first.start!.toMillis());
    expect((stored!.answers as { start: { firstName: string } }).start.firstName).toBe('Changed');
  });
});

describe('staffFunnelDropOff', () => {
  // A version no real claim has, so the numbers are these claims' alone.
  const version = 90_000 + Math.floor(Math.random() * 9_000);
  const day = (date: string, seconds = 0) =>
    Timestamp.fromMillis(Date.parse(`${date}T09:00:00Z`) + seconds * 1000);

  beforeAll(async () => {
    const claims = [
      // Stopped on the address page.
      {
        createdAt: day('2026-10-01'),
        status: 'draft',
        currentPageId: 'address',
        pageSavedAt: { start: day('2026-10-01') },
      },
      {
        createdAt: day('2026-10-02'),
        status: 'draft',
        currentPageId: 'address',
        pageSavedAt: { start: day('2026-10-02') },
      },
      // Stopped at check and send, 120 s on the address page.
      {
        createdAt: day('2026-10-03'),
        status: 'draft',
        currentPageId: 'sign',
        pageSavedAt: {
          start: day('2026-10-03'),
          address: day('2026-10-03', 120),
          check: day('2026-10-03', 180),
        },
      },
      // Sent: 60 s on the address page, 30 s to sign and send.
      {
        // As markSubmitted leaves a claim, so other tests' staff lists show it as any other.
        ...sentClaimDocument({
          claimId: `dropoff-${version}-3`,
          funnelId: FUNNEL_ID,
          submittedAt: day('2026-10-04', 130).toDate(),
          reference: `DO${version}`,
        }),
        createdAt: day('2026-10-04'),
        currentPageId: 'sign',
        pageSavedAt: {
          start: day('2026-10-04'),
          address: day('2026-10-04', 60),
          check: day('2026-10-04', 100),
        },
      },
      // Saved before first-save times were kept: counted from its answer stamps, not timed.
      {
        createdAt: day('2026-11-20'),
        status: 'draft',
        currentPageId: 'check',
        answerStamps: { start: {}, address: {} },
      },
    ];
    const batch = db().batch();
    claims.forEach((claim, i) =>
      batch.set(db().collection('claims').doc(`dropoff-${version}-${i}`), {
        funnelId: FUNNEL_ID,
        funnelVersion: version,
        userId: `dropoff-${version}-${i}`,
        ...claim,
      }),
    );
    await batch.commit();
  });

  it('counts each page, where drafts stop, time per page and completion, from the claims', async () => {
    const result = await resultOf(dropOff({ funnelVersion: version }));
    expect(result).toMatchObject({
      funnelId: FUNNEL_ID,
      funnelVersion: version,
      started: 5,
      sent: 1,
    });
    expect(result.completionRate).toBeCloseTo(0.2);
    const rows = result.pages.map((page) => [
      page.pageId,
      page.reached,
      page.stoppedHere,
      page.medianSeconds,
      page.timedClaims,
    ]);
    expect(rows).toEqual([
      ['start', 5, 0, null, 0],
      ['address', 5, 2, 90, 2],
      ['check', 3, 1, 50, 2],
      ['sign', 2, 1, 30, 1],
      ['not-eligible', 0, 0, null, 0],
    ]);
    // In the funnel's own order and words.
    expect(result.pages.map((page) => page.title)).toEqual(funnel.pages.map((page) => page.title));
  });

  it('keeps to the claims started in the date range', async () => {
    const result = await resultOf(
      dropOff({ funnelVersion: version, startedFrom: '2026-10-02', startedTo: '2026-10-03' }),
    );
    expect(result).toMatchObject({ started: 2, sent: 0 });
    expect(result.pages.find((page) => page.pageId === 'address')).toMatchObject({
      reached: 2,
      stoppedHere: 1,
    });
  });

  it('names the field of a request it cannot answer, and refuses a claimant', async () => {
    expectInvalidArgument(
      await dropOff({ funnelId: 'no-such-funnel', funnelVersion: 1 }),
      'data.funnelId',
    );
    expectInvalidArgument(
      await dropOff({ funnelVersion: version, startedFrom: '2026-10-05', startedTo: '2026-10-01' }),
      'data.startedTo',
    );
    expectInvalidArgument(await dropOff({ funnelVersion: 0 }), 'data.funnelVersion');
    expectGatewayError(
      await callFunction(await signUpAnonymous(), 'staffFunnelDropOff', {
        funnelId: FUNNEL_ID,
        funnelVersion: version,
      }),
      'PERMISSION_DENIED',
    );
  });
});
