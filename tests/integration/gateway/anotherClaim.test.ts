import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimSummary, ClaimView, LetterOfAuthorityPdf } from '../../../src/runtime/contract';
import {
  callFunction,
  countDocuments,
  readDocument,
  resultOf,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;
const REGISTRATION = answers.check.registrationNumber; // "AB12 CDE"

const firstId = (user: TestUser) => `${user.uid}_${FUNNEL_ID}`;
const secondId = (user: TestUser) => `${user.uid}_${FUNNEL_ID}_2`;

function saveAnswers(user: TestUser, pageId: string, pageAnswers: unknown) {
  return callFunction<{ claimId: string }>(user, 'saveAnswers', {
    funnelId: FUNNEL_ID,
    pageId,
    answers: pageAnswers,
  });
}

function startClaim(user: TestUser) {
  return callFunction<{ claim: ClaimView; knownAnswers: Record<string, Record<string, unknown>> }>(
    user,
    'startClaim',
    { funnelId: FUNNEL_ID },
  );
}

function getClaim(user: TestUser, claimId?: string) {
  return callFunction<{ claim: ClaimView | null; otherClaims: ClaimSummary[] }>(user, 'getClaim', {
    funnelId: FUNNEL_ID,
    ...(claimId ? { claimId } : {}),
  });
}

async function answerEveryPage(user: TestUser, registrationNumber = REGISTRATION) {
  for (const pageId of ['start', 'address'] as const)
    await resultOf(saveAnswers(user, pageId, answers[pageId]));
  await resultOf(saveAnswers(user, 'check', { ...answers.check, registrationNumber }));
  await resultOf(saveAnswers(user, 'sign', answers.sign));
}

/** A claimant who has sent one claim, for `registrationNumber`. */
async function claimantWithSubmittedClaim(registrationNumber = REGISTRATION) {
  const user = await signUpAnonymous();
  await answerEveryPage(user, registrationNumber);
  const { claim } = await resultOf(
    callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }),
  );
  return { user, submitted: claim };
}

describe('startClaim: another claim after a submitted one', () => {
  it('starts an empty draft that becomes the current claim, keeping the sent one', async () => {
    const { user, submitted } = await claimantWithSubmittedClaim();

    const { claim, knownAnswers } = await resultOf(startClaim(user));

    // The claimant's own details are offered again (to confirm), the vehicle's are not.
    expect(Object.keys(knownAnswers).sort()).toEqual(['address', 'contact']);
    expect(claim).toMatchObject({
      claimId: secondId(user),
      funnelId: FUNNEL_ID,
      status: 'draft',
      answers: {},
      currentPageId: 'start',
      reference: null,
    });
    expect((await resultOf(getClaim(user))).claim?.claimId).toBe(secondId(user));
    expect((await resultOf(getClaim(user, firstId(user)))).claim).toMatchObject({
      status: 'submitted',
      reference: submitted.reference,
    });
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(2);
  });

  it('saves, submits and lists the second claim on its own, with its own reference', async () => {
    const { user, submitted } = await claimantWithSubmittedClaim();
    await resultOf(startClaim(user));
    await answerEveryPage(user, 'P123 ABC');
    const { claim } = await resultOf(
      callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }),
    );
    expect(claim).toMatchObject({ claimId: secondId(user), status: 'submitted' });
    expect(claim.reference).not.toBe(submitted.reference);
    expect(await readDocument('claims', firstId(user))).toMatchObject({
      reference: submitted.reference,
      subject: 'AB12CDE',
    });

    const { claims } = await resultOf(
      callFunction<{ claims: ClaimSummary[] }>(user, 'listClaims', {}),
    );
    expect(claims.map((c) => [c.claimId, c.reference, c.subject]).sort()).toEqual(
      [
        [firstId(user), submitted.reference, 'AB12CDE'],
        [secondId(user), claim.reference, 'P123ABC'],
      ].sort(),
    );
    // Each sent claim's signed letter stays downloadable.
    const pdf = await resultOf(
      callFunction<LetterOfAuthorityPdf>(user, 'getLetterOfAuthorityPdf', {
        funnelId: FUNNEL_ID,
        claimId: firstId(user),
      }),
    );
    expect(pdf.fileName).toBe(`letter-of-authority-${submitted.reference}.pdf`);
  });

  it('keeps one draft per funnel: starting again returns the draft and writes nothing', async () => {
    const { user } = await claimantWithSubmittedClaim();
    const { claim: draft } = await resultOf(startClaim(user));
    await resultOf(saveAnswers(user, 'start', answers.start));
    const before = await readDocument('claims', secondId(user));

    const { claim: again } = await resultOf(startClaim(user));

    expect(again.claimId).toBe(draft.claimId);
    expect(again.answers).toEqual({ start: answers.start });
    expect(await readDocument('claims', secondId(user))).toEqual(before);
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(2);
  });

  it('starts the first claim at the first id when there is none', async () => {
    const user = await signUpAnonymous();
    const { claim } = await resultOf(startClaim(user));
    expect(claim).toMatchObject({ claimId: firstId(user), status: 'draft', answers: {} });
    expect((await resultOf(startClaim(user))).claim.claimId).toBe(firstId(user));
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
  });

  it('still refuses changes to a sent claim until another is started', async () => {
    const { user } = await claimantWithSubmittedClaim();
    expectGatewayError(await saveAnswers(user, 'start', answers.start), 'FAILED_PRECONDITION');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
  });

  it("does not show one claimant another's claim by id", async () => {
    const { user } = await claimantWithSubmittedClaim();
    const other = await signUpAnonymous();
    expect(await resultOf(getClaim(other, firstId(user)))).toEqual({
      claim: null,
      otherClaims: [],
      knownAnswers: {},
    });
    expectGatewayError(
      await callFunction(other, 'getLetterOfAuthorityPdf', {
        funnelId: FUNNEL_ID,
        claimId: firstId(user),
      }),
      'FAILED_PRECONDITION',
    );
  });
});

// The browser spots a second claim for one vehicle from `otherClaims`, sent with the claim,
// so Continue on the check page still costs one gateway call.
describe("getClaim's other claims naming a vehicle", () => {
  it("lists the claimant's sent claim with its normalised registration", async () => {
    const { user, submitted } = await claimantWithSubmittedClaim('ab12 cde');
    await resultOf(startClaim(user));
    await resultOf(saveAnswers(user, 'start', answers.start));

    const { otherClaims } = await resultOf(getClaim(user));

    expect(otherClaims).toEqual([
      expect.objectContaining({
        claimId: firstId(user),
        status: 'submitted',
        reference: submitted.reference,
        subject: 'AB12CDE',
      }),
    ]);
  });

  it('never lists the draft being edited, even once it names the vehicle', async () => {
    const { user } = await claimantWithSubmittedClaim();
    await resultOf(startClaim(user));
    await resultOf(saveAnswers(user, 'check', answers.check));
    const { claim, otherClaims } = await resultOf(getClaim(user));
    expect(claim?.status).toBe('draft');
    expect(otherClaims.map((c) => c.claimId)).toEqual([firstId(user)]);
  });

  it('is sent with a newly started claim too', async () => {
    const { user } = await claimantWithSubmittedClaim();
    const started = await resultOf(
      callFunction<{ claim: ClaimView; otherClaims: ClaimSummary[] }>(user, 'startClaim', {
        funnelId: FUNNEL_ID,
      }),
    );
    expect(started.otherClaims.map((c) => c.claimId)).toEqual([firstId(user)]);
  });

  it("never lists another user's claim for the same vehicle", async () => {
    await claimantWithSubmittedClaim();
    const other = await signUpAnonymous();
    await resultOf(saveAnswers(other, 'start', answers.start));
    expect((await resultOf(getClaim(other))).otherClaims).toEqual([]);
  });
});
