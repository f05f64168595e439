/**
 * Firestore documents written per page saved, counted in the emulator rather than read from
 * the code: a new anonymous claimant saves each page of the built-in funnel's example claim
 * through the gateway, as the browser's Continue does, and every document whose update time
 * moved (or that appeared or went) during that one call is counted, quota counters included.
 * The bench's stack starts empty, so reading every document around each call stays cheap
 * (update times are to the microsecond, so two saves never share one).
 */
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { adminApp } from '../lib/adminApp';
import { COLLECTIONS, EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';
import { MAIL_COLLECTION } from '../../src/gateway/repositories/mailRepository';
import { GATEWAY_URL } from '../stack/localStack';
import vehicleClaim from '../../funnels/vehicle-claim.json';
import examples from '../../funnels/examples/vehicle-claim.json';

export interface PageWrites {
  pageId: string;
  /** Documents written by the one save, by top-level collection. */
  byCollection: Record<string, number>;
  total: number;
}

/**
 * Every document of the gateway's collections (and each claim's history) with its update
 * time. The local emulator cannot list collection ids, so the gateway's own list is read:
 * a collection added to it is counted too.
 */
async function everyDocument(db: Firestore): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const topLevel = [
    ...Object.entries(COLLECTIONS)
      .filter(([key]) => key !== 'claimHistory')
      .map(([, name]) => name),
    MAIL_COLLECTION,
  ];
  for (const name of topLevel) {
    for (const doc of (await db.collection(name).get()).docs) {
      found.set(doc.ref.path, doc.updateTime.toMillis().toString());
      if (name !== COLLECTIONS.claims) continue;
      for (const event of (await doc.ref.collection(COLLECTIONS.claimHistory).get()).docs) {
        found.set(event.ref.path, event.updateTime.toMillis().toString());
      }
    }
  }
  return found;
}

async function anonymousIdToken(): Promise<string> {
  const response = await fetch(
    `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Each page of the example claim saved once, with the documents that save wrote. */
export async function measureWritesPerPage(): Promise<PageWrites[]> {
  const db = getFirestore(adminApp());
  const idToken = await anonymousIdToken();
  const answers = examples[0]!.answers as Record<string, unknown>;
  const figures: PageWrites[] = [];
  for (const pageId of Object.keys(answers)) {
    const before = await everyDocument(db);
    const response = await fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        data: {
          functionName: 'saveAnswers',
          data: { funnelId: vehicleClaim.funnelId, pageId, answers: answers[pageId] },
        },
      }),
    });
    if (!response.ok) throw new Error(`saveAnswers ${pageId}: HTTP ${response.status}`);
    const after = await everyDocument(db);
    const written = [...new Set([...before.keys(), ...after.keys()])].filter(
      (path) => before.get(path) !== after.get(path),
    );
    const byCollection: Record<string, number> = {};
    for (const path of written) {
      const collection = path.split('/')[0]!;
      byCollection[collection] = (byCollection[collection] ?? 0) + 1;
    }
    figures.push({ pageId, byCollection, total: written.length });
  }
  return figures;
}
