/**
 * Signing a claim: the evidence submitClaim stores, its refusals, and the signed PDF of the
 * letter of authority, against the running local stack.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimView, LetterOfAuthorityPdf } from '../../../src/runtime/contract';
import {
  callFunction,
  readDocument,
  resultOf,
  signUpAnonymous,
  GATEWAY_URL,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';
import { Timestamp } from 'firebase-admin/firestore';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;
const letter = vehicleClaim.pages.find((page) => page.pageId === 'sign')!.letterOfAuthority!;
// A real 1×1 PNG, as the signature box would send (much smaller, same shape).
const DRAWN = {
  method: 'drawn',
  image:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
};
const USER_AGENT = 'SignatureIntegrationTest/1.0 (like a browser)';

async function save(user: TestUser, pageId: string, pageAnswers: unknown) {
  return callFunction<{ claim: ClaimView }>(user, 'saveAnswers', {
    funnelId: FUNNEL_ID,
    pageId,
    answers: pageAnswers,
  });
}

/** submitClaim sent with a browser's User-Agent header, as the web app's call is. */
async function submit(user: TestUser, extra: Record<string, unknown> = {}) {
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${user.idToken}`,
      'User-Agent': USER_AGENT,
    },
    body: JSON.stringify({
      data: { functionName: 'submitClaim', data: { funnelId: FUNNEL_ID, ...extra } },
    }),
  });
  return {
    status: response.status,
    json: (await response.json()) as { result?: { claim: ClaimView }; error?: never },
  };
}

function pdfOf(user: TestUser, funnelId = FUNNEL_ID) {
  return callFunction<LetterOfAuthorityPdf>(user, 'getLetterOfAuthorityPdf', { funnelId });
}

/** A fresh claimant with every page of example 1 answered, signed with `signature`. */
async function answeredClaim(signature: unknown = answers.sign.signature): Promise<TestUser> {
  const user = await signUpAnonymous();
  for (const pageId of ['start', 'address', 'check'] as const)
    await resultOf(save(user, pageId, answers[pageId]));
  await resultOf(save(user, 'sign', { consent: true, signature }));
  return user;
}

const stored = (user: TestUser) => readDocument('claims', `${user.uid}_${FUNNEL_ID}`);

describe('signature evidence on submit', () => {
  it('stores a typed signature with the letter shown, its SHA-256, the time, UA and IP', async () => {
    const user = await answeredClaim({ method: 'typed', name: 'Sam Jones' });
    const { claim } = await resultOf(submit(user, { letterOfAuthorityVersion: letter.version }));
    expect(claim.status).toBe('submitted');

    const data = await stored(user);
    const signature = data?.signature as Record<string, unknown>;
    expect(signature).toMatchObject({
      method: 'typed',
      name: 'Sam Jones',
      userAgent: USER_AGENT,
      letterOfAuthority: {
        version: letter.version,
        title: letter.title,
        text: letter.text,
        sha256: createHash('sha256').update(letter.text, 'utf8').digest('hex'),
      },
    });
    expect(signature).not.toHaveProperty('image');
    expect(signature.ip).toEqual(expect.stringMatching(/\S/));
    expect(signature.signedAt).toBeInstanceOf(Timestamp);
    // Signed at the moment of submission, by the server's clock.
    expect(
      Math.abs(
        (signature.signedAt as Timestamp).toMillis() - (data?.submittedAt as Timestamp).toMillis(),
      ),
    ).toBeLessThan(5_000);
    expect(Math.abs((signature.signedAt as Timestamp).toMillis() - Date.now())).toBeLessThan(
      60_000,
    );
  });

  it('stores a drawn signature as its PNG', async () => {
    const user = await answeredClaim(DRAWN);
    await resultOf(submit(user));
    const signature = (await stored(user))?.signature as Record<string, unknown>;
    expect(signature).toMatchObject({ method: 'drawn', image: DRAWN.image });
    expect(signature).not.toHaveProperty('name');
  });

  it('refuses an empty signature, naming the field, and writes nothing', async () => {
    const user = await answeredClaim();
    const before = await stored(user);

    for (const empty of [
      { method: 'drawn' },
      { method: 'drawn', image: '' },
      { method: 'typed', name: '' },
      {},
    ]) {
      const reply = await save(user, 'sign', { consent: true, signature: empty });
      const error = expectInvalidArgument(reply);
      expect(error.details?.fields?.map((f) => f.field).join(' ')).toMatch(
        /^data\.answers\.signature/,
      );
    }
    expect(await stored(user)).toEqual(before);

    // A claim whose sign page was never answered cannot be submitted either.
    const unsigned = await signUpAnonymous();
    for (const pageId of ['start', 'address', 'check'] as const)
      await resultOf(save(unsigned, pageId, answers[pageId]));
    const beforeSubmit = await stored(unsigned);
    expectInvalidArgument(await submit(unsigned), 'answers.sign.signature');
    const after = await stored(unsigned);
    expect(after).toEqual(beforeSubmit);
    expect(after?.status).toBe('draft');
    expect(after).not.toHaveProperty('signature');
  });

  it('refuses a letter version the gateway does not hold, writing nothing', async () => {
    const user = await answeredClaim();
    const reply = await submit(user, { letterOfAuthorityVersion: '1999-01-01' });
    expectGatewayError(reply as never, 'FAILED_PRECONDITION');
    expect((await stored(user))?.status).toBe('draft');
  });

  it('is idempotent: a second submit keeps the first reference and evidence', async () => {
    const user = await answeredClaim();
    const first = await resultOf(submit(user));
    const firstEvidence = (await stored(user))?.signature;
    const second = await resultOf(submit(user));
    expect(second.claim.reference).toBe(first.claim.reference);
    expect(second.claim.submittedAt).toBe(first.claim.submittedAt);
    expect((await stored(user))?.signature).toEqual(firstEvidence);
    // And the signed claim can no longer be changed.
    expectGatewayError(
      await save(user, 'sign', { consent: true, signature: DRAWN }),
      'FAILED_PRECONDITION',
    );
    expect((await stored(user))?.answers.sign.signature).toEqual(answers.sign.signature);
  });
});

describe('getLetterOfAuthorityPdf', () => {
  it('returns the signed PDF to the claimant who submitted the claim', async () => {
    const user = await answeredClaim(DRAWN);
    const { claim } = await resultOf(submit(user));
    const pdf = await resultOf(pdfOf(user));
    expect(pdf.fileName).toBe(`letter-of-authority-${claim.reference}.pdf`);
    const bytes = Buffer.from(pdf.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('refuses another user, who has no submitted claim of their own', async () => {
    const owner = await answeredClaim();
    await resultOf(submit(owner));
    const other = await signUpAnonymous();
    expectGatewayError(await pdfOf(other), 'FAILED_PRECONDITION');
  });

  it('refuses a draft claim', async () => {
    const user = await answeredClaim();
    expectGatewayError(await pdfOf(user), 'FAILED_PRECONDITION');
  });

  it('refuses a caller with no ID token', async () => {
    expectGatewayError(await pdfOf(undefined as never), 'UNAUTHENTICATED');
  });
});
