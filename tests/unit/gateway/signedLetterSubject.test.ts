/**
 * The signed letter's PDF names what the claim is about through the funnel's subject role
 * (its label and the answer it points at), whatever the funnel's trade and field names: read
 * from the PDF's own text, as a reader of the document sees it.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { letterOfAuthorityEvidence, type Funnel } from '../../../src/runtime/funnel';
import {
  signedLetterPdfOf,
  subjectOf,
} from '../../../src/gateway/handlers/claims/letterOfAuthority';
import { buildSignedLetterPdf } from '../../../src/gateway/services/letterOfAuthorityPdf';
import { pdfLines } from '../../support/pdfText';
import type { ClaimDocument } from '../../../src/gateway/repositories/documents/claimDocument';

const LETTER = { version: 'v1', title: 'Declaration', text: 'What I said is true.' };

/** A home insurer's funnel: its subject is a policy number, asked on a page of its own. */
function insurerFunnel(roles: Funnel['roles']): Funnel {
  return {
    funnelId: 'water-damage',
    version: 1,
    title: 'Claim for water damage',
    pages: [
      { pageId: 'policy', title: 'Your policy', schema: 'policy' },
      {
        pageId: 'declare',
        title: 'Declare',
        schema: 'signature',
        kind: 'review-and-sign',
        letterOfAuthority: LETTER,
      },
    ],
    ...(roles ? { roles } : {}),
    translations: { cy: { '/roles/subject/label': 'Rhif polisi' } },
  } as unknown as Funnel;
}

const ROLES: Funnel['roles'] = {
  name: ['/policy/holder'],
  subject: { field: '/policy/policyRef', label: 'Policy number' },
};

async function claimData(policy: Record<string, unknown>, locale?: string): Promise<ClaimDocument> {
  return {
    funnelId: 'insurer',
    reference: 'WD-1234',
    status: 'submitted',
    ...(locale ? { locale } : {}),
    answers: { policy, declare: { signature: { method: 'typed', name: 'Sam Jones' } } },
    signature: {
      method: 'typed',
      name: 'Sam Jones',
      signedAt: Timestamp.fromDate(new Date(Date.UTC(2026, 2, 4, 10, 0, 0))),
      userAgent: null,
      ip: null,
      letterOfAuthority: await letterOfAuthorityEvidence(LETTER),
      funnel: { version: 1, hash: 'h' },
    },
  };
}

async function linesOf(funnel: Funnel, data: ClaimDocument): Promise<string[]> {
  const { base64 } = await signedLetterPdfOf(funnel, data);
  return pdfLines(new Uint8Array(Buffer.from(base64, 'base64')));
}

describe('the signed letter’s PDF names the claim’s subject', () => {
  it('by the subject role’s label and the answer it points at, tidied as typed', async () => {
    const lines = await linesOf(
      insurerFunnel(ROLES),
      await claimData({ holder: 'Sam Jones', policyRef: '  HX-0042  77 ' }),
    );
    expect(lines).toContain('Policy number: HX-0042 77');
    expect(lines).toContain('Name: Sam Jones');
    // Before the claimant's details: it says what the document is about.
    expect(lines.indexOf('Policy number: HX-0042 77')).toBeLessThan(
      lines.indexOf('Name: Sam Jones'),
    );
  });

  it('says "Not given" when the claim left the subject blank', async () => {
    const lines = await linesOf(insurerFunnel(ROLES), await claimData({ holder: 'Sam Jones' }));
    expect(lines).toContain('Policy number: Not given');
  });

  it('leaves the subject out when the funnel asks for none', async () => {
    const lines = await linesOf(
      insurerFunnel({ name: ['/policy/holder'] }),
      await claimData({ holder: 'Sam Jones', policyRef: 'HX-0042' }),
    );
    expect(lines.some((line) => line.includes('HX-0042'))).toBe(false);
    expect(lines).toContain('Name: Sam Jones');
  });

  it('labels it in the claim’s language, as the funnel translates the label', () => {
    const funnel = insurerFunnel(ROLES);
    const answers = { policy: { policyRef: 'HX-0042' } };
    expect(subjectOf(funnel, answers, 'cy')).toEqual({ label: 'Rhif polisi', value: 'HX-0042' });
    expect(subjectOf(funnel, answers, 'en-GB')).toEqual({
      label: 'Policy number',
      value: 'HX-0042',
    });
  });

  it('is drawn as given, with a vehicle funnel’s registration', async () => {
    const bytes = await buildSignedLetterPdf({
      letter: await letterOfAuthorityEvidence(LETTER),
      claimant: { name: 'Sam Jones' },
      signature: { method: 'typed', name: 'Sam Jones' },
      reference: 'VC-1',
      claimTitle: 'Make a vehicle finance claim',
      signedAt: new Date(Date.UTC(2026, 2, 4, 10, 0, 0)),
      userAgent: null,
      ip: null,
      subject: { label: 'Registration', value: 'AB12 CDE' },
    });
    expect(await pdfLines(bytes)).toContain('Registration: AB12 CDE');
  });
});
