/**
 * A funnel with stages of its own, against the emulators: the authoring suite's flight-delay
 * funnel declares its lifecycle (tests/e2e/authoring/any-funnel), beside the project's
 * funnels, which use the shared file. Run by npm run test:funnel-stages, whose stack's
 * registry holds both.
 */
import { type DocumentData } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import flightExamples from '../../e2e/authoring/any-funnel/funnels/examples/flight-delay.json';
import vehicleExamples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimView, GatewayResponse, StaffClaimRow } from '../../../src/runtime/contract';
import {
  callFunction,
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

const FLIGHT = 'flight-delay';
const VEHICLE = 'vehicle-claim';
const flight = flightExamples[0]!.answers;
const pcp = vehicleExamples[0]!.answers;

/** A claimant (signed up with `user`, or anonymous) who sent a flight-delay claim. */
async function sentFlightClaim(given?: TestUser): Promise<{ user: TestUser; claim: ClaimView }> {
  const user = given ?? (await signUpAnonymous());
  const email = randomEmail();
  for (const [pageId, answers] of Object.entries(flight)) {
    const own = pageId === 'passenger' ? { ...answers, emailAddress: email } : answers;
    await resultOf(callFunction(user, 'saveAnswers', { funnelId: FLIGHT, pageId, answers: own }));
  }
  const { claim } = await resultOf(
    callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FLIGHT }),
  );
  return { user, claim };
}

async function sentVehicleClaim(): Promise<ClaimView> {
  const user = await signUpAnonymous();
  for (const pageId of ['start', 'address', 'check', 'sign'] as const) {
    const answers = pageId === 'start' ? { ...pcp.start, email: randomEmail() } : pcp[pageId];
    await resultOf(callFunction(user, 'saveAnswers', { funnelId: VEHICLE, pageId, answers }));
  }
  const { claim } = await resultOf(
    callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: VEHICLE }),
  );
  return claim;
}

async function mailFor(claimId: string) {
  const snapshot = await db().collection('mail').where('claimId', '==', claimId).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }) as DocumentData);
}

const move = (user: TestUser, claimId: string, from: string, to: string) =>
  callFunction<{ claim: StaffClaimRow }>(user, 'staffMoveClaim', {
    claimId,
    from,
    to,
    note: 'Checked',
  });

let staff: TestUser;

beforeAll(async () => {
  staff = await staffMember();
});

describe('a claim of a funnel with its own stages', () => {
  it("is sent into its funnel's initial stage", async () => {
    const { claim } = await sentFlightClaim();
    expect(claim.stage).toBe('received');
    expect(await readDocument('claims', claim.claimId)).toMatchObject({
      stage: 'received',
      stageLog: [{ stage: 'received' }],
    });
  });

  it("may make its funnel's moves, and is refused a move only the shared file allows", async () => {
    const { claim } = await sentFlightClaim();
    const moved = await resultOf(move(staff, claim.claimId, 'received', 'in-review'));
    expect(moved.claim.stage).toBe('in-review');
    // The email names the stage in the flight funnel's words for the claimant.
    const changed = (await mailFor(claim.claimId)).find((mail) => mail.event === 'stage-changed');
    expect(changed?.message.text).toContain('We are checking your flight');

    // The shared file moves "in-review" to "rejected"; this funnel does not.
    const refused = expectGatewayError(
      await move(staff, claim.claimId, 'in-review', 'rejected'),
      'FAILED_PRECONDITION',
    );
    expect(refused.message).toBe(
      'A claim that is "Checking flight records" can only move to "Sent to airline"',
    );
    // Nor has it the shared file's "with-lender".
    const unknown = expectInvalidArgument(
      await move(staff, claim.claimId, 'in-review', 'with-lender'),
      'data.to',
    );
    expect(unknown.details?.fields?.[0]?.message).toBe(
      'is not a stage of flight-delay (stages: received, in-review, with-airline, paid, rejected, withdrawn-by-passenger)',
    );
    expect((await readDocument('claims', claim.claimId))?.stage).toBe('in-review');

    await resultOf(move(staff, claim.claimId, 'in-review', 'with-airline'));
    // The list filters by the funnel and its stage, and the CSV names its stage.
    const { claims } = await resultOf(
      callFunction<GatewayResponse<'staffListClaims'>>(staff, 'staffListClaims', {
        funnelId: FLIGHT,
        stage: 'with-airline',
      }),
    );
    expect(claims.map((row) => row.claimId)).toContain(claim.claimId);
    const { csv } = await resultOf(
      callFunction<GatewayResponse<'staffExportClaims'>>(staff, 'staffExportClaims', {
        funnelId: FLIGHT,
        funnelVersion: 1,
      }),
    );
    const line = csv.split('\n').find((row) => row.includes(claim.reference!));
    expect(line).toContain('Sent to airline');
  });

  it("is withdrawn into its funnel's withdrawn stage, which the data export names", async () => {
    const user = await signUpWithEmail(randomEmail(), 'correct-horse-battery-staple');
    const { claim } = await sentFlightClaim(user);
    await resultOf(
      callFunction(user, 'withdrawClaim', { funnelId: FLIGHT, claimId: claim.claimId }),
    );
    expect(await readDocument('claims', claim.claimId)).toMatchObject({
      stage: 'withdrawn-by-passenger',
    });
    const { data } = await resultOf(
      callFunction<GatewayResponse<'exportMyData'>>(user, 'exportMyData', {}),
    );
    const exported = (data.claims as Array<Record<string, unknown>>).find(
      (each) => each.claimId === claim.claimId,
    );
    expect(exported).toMatchObject({ stage: 'withdrawn-by-passenger', stageName: 'Withdrawn' });
    // A withdrawn claim is in a final stage: staff cannot move it.
    expectGatewayError(
      await move(staff, claim.claimId, 'withdrawn-by-passenger', 'paid'),
      'FAILED_PRECONDITION',
    );
  });
});

describe('a vehicle claim, whose funnel declares no stages', () => {
  it("moves through the shared file's stages, as before", async () => {
    const claim = await sentVehicleClaim();
    expect(claim.stage).toBe('sent');
    await resultOf(move(staff, claim.claimId, 'sent', 'in-review'));
    await resultOf(move(staff, claim.claimId, 'in-review', 'with-lender'));
    // Not the flight funnel's stages.
    expectInvalidArgument(
      await move(staff, claim.claimId, 'with-lender', 'with-airline'),
      'data.to',
    );
    expect((await readDocument('claims', claim.claimId))?.stage).toBe('with-lender');
  });
});
