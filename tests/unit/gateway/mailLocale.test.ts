/**
 * A claim's emails and its letter's PDF in the claim's locale: with a test stack's
 * translations folder (CONTENT_TRANSLATIONS_DIR) holding the pseudo-locale's gateway messages
 * and email templates, and a real funnel offered in the pseudo-locale, an email about a claim
 * made in en-XA is written from the en-XA template with the funnel's en-XA words; one about a
 * claim made in en-GB, or in a locale with no templates at all, stays in en-GB.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import claimStagesFile from '../../../funnels/lifecycle/claim-stages.json';
import { claimStageTexts, type ClaimStages } from '../../../src/runtime/lifecycle';
import type { Funnel } from '../../../src/runtime/funnel';
import { site } from '../../../src/content/site';
import { funnelInPseudoLocale } from '../../support/generatedFunnels';
import { PSEUDO_LOCALE, pseudoLocalize, pseudoLocalizeMessage } from '../../support/pseudoLocale';
import { writePseudoGatewayContent } from '../../support/pseudoGatewayContent';

let folder: string;
let mail: typeof import('../../../src/gateway/mail/mailTemplates');
let claimMail: typeof import('../../../src/gateway/mail/claimMail');
let words: typeof import('../../../src/gateway/mail/mailWords');
let text: typeof import('../../../src/gateway/gatewayText');
let pdf: typeof import('../../../src/gateway/services/letterOfAuthorityPdf');

const funnel = funnelInPseudoLocale(vehicleClaim) as unknown as Funnel;
const claimData = (locale?: string) => ({
  funnelId: funnel.funnelId,
  reference: 'VC-AB12-CD34',
  contact: { name: 'Sam Jones', email: 'sam@example.test', subject: 'AB12CDE' },
  ...(locale ? { locale } : {}),
});
const claimUrl = 'https://claims.example/login?link=abc&claim=c1';
const stagesInPseudoLocale = Object.fromEntries(
  [...claimStageTexts(claimStagesFile as ClaimStages)].map(([key, said]) => [
    key,
    pseudoLocalize(said),
  ]),
);
const inReview = (claimStagesFile as ClaimStages).stages.find((each) => each.id === 'in-review')!;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'content-translations-'));
  writePseudoGatewayContent(folder);
  // The site file's words in en-XA: only the sign-off is read by the gateway.
  writeFileSync(
    path.join(folder, `site.${PSEUDO_LOCALE}.json`),
    JSON.stringify({ '/identity/emailSignOff': pseudoLocalize(site.identity.emailSignOff) }),
  );
  // Welsh with one template only: a locale with templates must have each one.
  mkdirSync(path.join(folder, 'emails'), { recursive: true });
  writeFileSync(
    path.join(folder, 'emails', 'claim-received.cy.json'),
    JSON.stringify({ subject: 'Cais {{reference}}', text: '{{name}}', html: '<p>{{name}}</p>' }),
  );
  vi.stubEnv('CONTENT_TRANSLATIONS_DIR', folder);
  // The claim stages translated into en-XA, as a site offered in it has them.
  vi.doMock('../../../funnels/lifecycle/claim-stages.json', () => ({
    default: { ...claimStagesFile, translations: { [PSEUDO_LOCALE]: stagesInPseudoLocale } },
  }));
  // The translated files are read when the gateway's modules load: load them afresh.
  vi.resetModules();
  mail = await import('../../../src/gateway/mail/mailTemplates');
  claimMail = await import('../../../src/gateway/mail/claimMail');
  words = await import('../../../src/gateway/mail/mailWords');
  text = await import('../../../src/gateway/gatewayText');
  pdf = await import('../../../src/gateway/services/letterOfAuthorityPdf');
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

describe('choosing a template', () => {
  it('takes the locale’s own template, and en-GB’s for a locale with none at all', () => {
    expect(mail.mailTemplate('claim-received', PSEUDO_LOCALE).subject).toMatch(/^\[Ŵé ĥàṽé /);
    expect(mail.mailTemplate('claim-received', 'en-GB')).toBe(mail.mailTemplates['claim-received']);
    expect(mail.mailTemplate('claim-received', 'fr')).toBe(mail.mailTemplates['claim-received']);
    expect(mail.mailLocale('fr')).toBe('en-GB');
  });

  it('names the template a locale with templates lacks', () => {
    expect(mail.mailTemplate('claim-received', 'cy').subject).toBe('Cais {{reference}}');
    expect(() => mail.renderMail('sign-in-link', { link: 'x', validFor: 'y' }, 'cy')).toThrow(
      'No cy email template "sign-in-link" (emails/sign-in-link.cy.json)',
    );
  });

  it('says the gateway’s messages in a locale with a file, en-GB in one without', () => {
    expect(text.gatewayText('letterPdf.name', {}, PSEUDO_LOCALE)).toBe(pseudoLocalize('Name'));
    expect(text.gatewayText('letterPdf.name', {}, 'fr')).toBe('Name');
    expect(words.validForText(7 * 24 * 60, PSEUDO_LOCALE)).toBe('[7 đàýš ~~~~~~~~~~~~~~~]');
    expect(words.validForText(7 * 24 * 60)).toBe('7 days');
  });
});

describe('an email about a claim', () => {
  it('is written in the claim’s locale: its template, the funnel’s words and the gateway’s', () => {
    const message = claimMail.claimMailMessage('claim-received', {
      data: claimData(PSEUDO_LOCALE),
      funnel,
      claimUrl,
    });
    const title = pseudoLocalize(vehicleClaim.title);
    const label = pseudoLocalize(vehicleClaim.roles.subject.label);
    // The funnel gives no word for a claim: the default is said in the claim's locale too.
    expect(
      message.subject.startsWith(`[Ŵé ĥàṽé ýóúŕ ${pseudoLocalizeMessage('claim')}: VC-AB12-CD34`),
    ).toBe(true);
    expect(message.subject).toContain(`(${label} AB12CDE)`);
    expect(message.text).toContain(`(${title})`);
    expect(message.text).toContain('[7 đàýš');
    // Signed by the deployment in the claim's language too (its site.<locale>.json).
    expect(message.text).toContain(pseudoLocalize(site.identity.emailSignOff));
    expect(
      claimMail.claimMailMessage('claim-received', { data: claimData(), funnel, claimUrl }).text,
    ).toContain(site.identity.emailSignOff);
    expect(message.html).toContain(`<a href="${claimUrl.replace(/&/g, '&amp;')}">`);
  });

  it('is written in en-GB for a claim made in en-GB, or before claims recorded a locale', () => {
    for (const data of [claimData('en-GB'), claimData()]) {
      const message = claimMail.claimMailMessage('claim-withdrawn', { data, funnel, claimUrl });
      expect(message.subject).toBe('You withdrew your claim VC-AB12-CD34 (Registration AB12CDE)');
      expect(message.text).toContain('and its letter of authority');
    }
  });

  it('takes the funnel’s words in the claim’s locale when the locale has no templates', () => {
    const message = claimMail.claimMailMessage('claim-received', {
      data: { ...claimData(PSEUDO_LOCALE) },
      funnel: funnelInPseudoLocale({ ...vehicleClaim, locale: 'fr' }) as unknown as Funnel,
      claimUrl,
    });
    // The funnel written in French offers en-XA; the gateway has no French: en-GB template.
    expect(message.text).toContain(`(${pseudoLocalize(vehicleClaim.title)})`);
  });
});

describe('the signed letter’s date', () => {
  it('is written as the claim’s locale writes dates, in UK time', () => {
    const signedAt = new Date(Date.UTC(2026, 10, 27, 14, 3, 9));
    expect(pdf.letterDateTime(signedAt)).toBe('27 November 2026 at 14:03:09 GMT');
    expect(pdf.letterDateTime(signedAt, PSEUDO_LOCALE)).toMatch(
      /^\[November 27, 2026 àţ 02:03:09 PM GMT ~+\]$/,
    );
  });
});

describe('the signed letter’s PDF', () => {
  it('says the gateway’s words in the claim’s locale', async () => {
    const input = {
      letter: { version: 'v1', title: 'Letter', text: 'You may act for me.', sha256: 'ab' },
      claimant: { name: 'Sam Jones' },
      signature: { method: 'typed', name: 'Sam Jones' },
      reference: 'VC-1',
      claimTitle: 'Make a claim',
      signedAt: new Date(Date.UTC(2026, 10, 27, 14, 3, 9)),
      userAgent: null,
      ip: null,
    } as unknown as Parameters<typeof pdf.buildSignedLetterPdf>[0];
    const subjectOf = async (locale?: string) =>
      (await PDFDocument.load(await pdf.buildSignedLetterPdf({ ...input, locale }))).getSubject();
    expect(await subjectOf()).toBe('Make a claim: Letter, version v1');
    expect(await subjectOf(PSEUDO_LOCALE)).toMatch(/^\[Make a claim: Letter, ṽéŕšíóñ v1/);
  });
});

describe('a claim’s stage, named in an email in its locale', () => {
  it('is the stage’s name and description in the claim’s locale, en-GB’s in en-GB', () => {
    const pseudo = claimMail.claimMailMessage('stage-changed', {
      data: claimData(PSEUDO_LOCALE),
      funnel,
      claimUrl,
      stage: 'in-review',
    });
    expect(pseudo.subject).toContain(pseudoLocalize(inReview.claimantLabel));
    expect(pseudo.text).toContain(pseudoLocalize(inReview.claimantText));
    expect(pseudo.text).not.toContain(inReview.claimantLabel);

    const english = claimMail.claimMailMessage('stage-changed', {
      data: claimData('en-GB'),
      funnel,
      claimUrl,
      stage: 'in-review',
    });
    expect(english.subject).toContain(inReview.claimantLabel);
    expect(english.text).toContain(inReview.claimantText);
  });

  it("names the stage in its funnel's own words, where the funnel has stages of its own", () => {
    const own = (text: string) => `Flight: ${text}`;
    const lifecycle: ClaimStages = {
      ...(claimStagesFile as ClaimStages),
      stages: (claimStagesFile as ClaimStages).stages.map((each) => ({
        ...each,
        claimantLabel: own(each.claimantLabel),
        claimantText: own(each.claimantText),
      })),
      translations: {
        [PSEUDO_LOCALE]: Object.fromEntries(
          Object.entries(stagesInPseudoLocale).map(([key, said]) => [key, `⟨${said}⟩`]),
        ),
      },
    };
    const withStages = { ...funnel, lifecycle };
    const english = claimMail.claimMailMessage('stage-changed', {
      data: claimData('en-GB'),
      funnel: withStages,
      claimUrl,
      stage: 'in-review',
    });
    expect(english.subject).toContain(own(inReview.claimantLabel));
    expect(english.text).toContain(own(inReview.claimantText));
    // In the claim's language: the funnel's translation of its stage, not the shared file's.
    const pseudo = claimMail.claimMailMessage('stage-changed', {
      data: claimData(PSEUDO_LOCALE),
      funnel: withStages,
      claimUrl,
      stage: 'in-review',
    });
    expect(pseudo.subject).toContain(`⟨${pseudoLocalize(inReview.claimantLabel)}⟩`);
  });

  it('promises what the funnel promised: its whatHappensNext, its first stage, or the platform’s', () => {
    const received = (withFunnel: Funnel) =>
      claimMail.claimMailMessage('claim-received', {
        data: claimData('en-GB'),
        funnel: withFunnel,
        claimUrl,
      });
    const platform = received(funnel);
    expect(platform.text).toContain('What happens next: We will check your claim and contact');
    expect(platform.html).toContain('<h2>What happens next</h2><p>We will check your claim');

    const written = received({
      ...funnel,
      wording: { ...funnel.wording, whatHappensNext: 'We will call you within 2 working days.' },
    });
    expect(written.text).toContain('What happens next: We will call you within 2 working days.');
    expect(`${written.text}${written.html}`).not.toContain('10 working days');

    const firstStage = 'Your insurer has your claim and will call you tomorrow.';
    const lifecycle: ClaimStages = {
      ...(claimStagesFile as ClaimStages),
      stages: (claimStagesFile as ClaimStages).stages.map((each) =>
        each.id === 'sent' ? { ...each, claimantText: firstStage } : each,
      ),
    };
    const ownStages = received({ ...funnel, lifecycle });
    expect(ownStages.text).toContain(`What happens next: ${firstStage}`);
    expect(`${ownStages.text}${ownStages.html}`).not.toContain('10 working days');
  });
});

describe('a refusal about a claim, in its locale', () => {
  it('says a letter the claimant was not shown has changed, in the claim’s locale', async () => {
    const { letterToSign } = await import('../../../src/gateway/handlers/claims/letterOfAuthority');
    const said = (locale: string) =>
      letterToSign(funnel, 'not the version held', locale).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    const authority = { kind: 'authority', document: '' };
    expect(await said(PSEUDO_LOCALE)).toBe(
      text.gatewayText('letter.changed', authority, PSEUDO_LOCALE),
    );
    expect(await said(PSEUDO_LOCALE)).not.toBe(text.gatewayText('letter.changed', authority));
    expect(await said('en-GB')).toBe(
      'The letter of authority has changed since you read it: reload the page, read it again and sign',
    );
  });
});

describe('the caller’s language, for what the gateway says without one of its own', () => {
  it('says a sentence and an email not about a claim in it; a claim’s locale still wins', async () => {
    const { withReaderLocale, readerLocale } =
      await import('../../../src/gateway/infra/readerLocale');
    expect(readerLocale()).toBeUndefined();
    const pseudo = text.gatewayText('call.internal', {}, PSEUDO_LOCALE);
    await withReaderLocale(PSEUDO_LOCALE, async () => {
      // Across an await, as a handler says it.
      await Promise.resolve();
      expect(text.gatewayText('call.internal')).toBe(pseudo);
      expect(text.gatewayText('call.internal', {}, 'en-GB')).toBe(
        text.gatewayText('call.internal', {}, 'en-GB'),
      );
      const email = mail.renderMail('sign-in-link', {
        link: 'https://claims.example/login?link=x',
        validFor: words.validForText(60),
      });
      expect(email.subject).toBe(
        mail.renderMail(
          'sign-in-link',
          {
            link: 'x',
            validFor: 'y',
          },
          PSEUDO_LOCALE,
        ).subject,
      );
      expect(email.text).toContain(
        text.gatewayText('mail.validForHours', { count: 1 }, PSEUDO_LOCALE),
      );
    });
    // Outside a call, its own.
    expect(text.gatewayText('call.internal')).toBe('Internal Server Error');
    // A language it has no words in: its own.
    expect(withReaderLocale('fr', () => text.gatewayText('call.internal'))).toBe(
      'Internal Server Error',
    );
  });
});
