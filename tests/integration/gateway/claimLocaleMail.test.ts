/**
 * A claim recorded in another locale gets its email in that locale: a draft made in the
 * pseudo-locale en-XA, in a real funnel offered in en-XA, is reminded with the en-XA template
 * and the funnel's en-XA words, as the `mail` document in Firestore shows; a draft made in
 * en-GB beside it stays in en-GB. The pseudo-locale's gateway messages and templates come from
 * a translations folder (CONTENT_TRANSLATIONS_DIR), as a test stack adds them; the reminder job
 * runs here, against the emulators, as `npm run reminders` runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { Funnel } from '../../../src/runtime/funnel';
import { funnelInPseudoLocale } from '../../support/generatedFunnels';
import { PSEUDO_LOCALE, pseudoLocalize, pseudoLocalizeMessage } from '../../support/pseudoLocale';
import { writePseudoGatewayContent } from '../../support/pseudoGatewayContent';
import { db, randomEmail, gatewayAddressSecret } from '../support/emulators';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const funnel = funnelInPseudoLocale(vehicleClaim) as unknown as Funnel;

let folder: string;
let sendDraftReminders: typeof import('../../../src/gateway/reminders/draftReminders').sendDraftReminders;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'content-translations-'));
  writePseudoGatewayContent(folder);
  vi.stubEnv('CONTENT_TRANSLATIONS_DIR', folder);
  // The gateway's translated files are read when its modules load.
  vi.resetModules();
  ({ sendDraftReminders } = await import('../../../src/gateway/reminders/draftReminders'));
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

async function seedDraft(id: string, locale: string) {
  await db()
    .doc(`claims/${id}`)
    .set({
      userId: `${id}-user`,
      funnelId: funnel.funnelId,
      funnelVersion: 1,
      status: 'draft',
      answers: { start: { ...examples[0]!.answers.start, email: randomEmail() } },
      currentPageId: 'address',
      reminded: false,
      locale,
      createdAt: Timestamp.fromMillis(NOW - 30 * DAY),
      updatedAt: Timestamp.fromMillis(NOW - 5 * DAY),
    });
}

async function mailOf(id: string): Promise<DocumentData> {
  const snapshot = await db().collection('mail').where('claimId', '==', id).get();
  expect(snapshot.docs).toHaveLength(1);
  return snapshot.docs[0]!.data();
}

describe('a claim recorded in another locale', () => {
  it('gets its email in that locale; one in en-GB beside it stays in en-GB', async () => {
    const tag = `locale-mail-${Date.now()}`;
    await seedDraft(`${tag}-xa`, PSEUDO_LOCALE);
    await seedDraft(`${tag}-gb`, 'en-GB');

    const outcome = await sendDraftReminders({
      db: db(),
      addressSecret: gatewayAddressSecret(),
      now: NOW,
      siteUrl: 'https://claims.example',
      getFunnel: (id) => (id === funnel.funnelId ? funnel : undefined),
      batchSize: 1000,
    });
    expect(outcome.reminded).toEqual(expect.arrayContaining([`${tag}-xa`, `${tag}-gb`]));

    const pseudo = await mailOf(`${tag}-xa`);
    expect(pseudo.event).toBe('draft-reminder');
    // The en-XA template, with the funnel's en-XA title and the gateway's en-XA "7 days"; the
    // funnel names no word for a claim, so the gateway's default is said in en-XA too.
    expect(pseudo.message.subject).toBe(
      `[Ýóúŕ ${pseudoLocalizeMessage('claim')} íš ñóţ ƒíñíšĥéđ ýéţ ~~~~~~~~~~~~~]`,
    );
    expect(pseudo.message.text).toContain(pseudoLocalize(vehicleClaim.title));
    expect(pseudo.message.text).toContain('[7 đàýš');
    expect(pseudo.message.html).toContain(pseudoLocalize(vehicleClaim.title));

    const english = await mailOf(`${tag}-gb`);
    expect(english.message.subject).toBe('Your claim is not finished yet');
    expect(english.message.text).toContain(vehicleClaim.title);
    expect(english.message.text).not.toContain(pseudoLocalize(vehicleClaim.title));
  });
});
