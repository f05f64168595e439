/**
 * The local Firestore's query index (scripts/stack/firestoreQueryIndex.ts), through the Admin
 * SDK on an emulator started in this process: every query is answered both by the index and by
 * the package's own scan of every document, and the two answers must be the same documents in
 * the same order, on seeded claims and mail, after updates and deletes that move documents
 * between index keys, and after a load from disk.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore, type Query } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import {
  snapshotLineOf,
  type RunningFirestoreEmulator,
} from '../../../scripts/stack/firestoreEmulator';
import {
  firestorePersistence,
  writeFirestoreSnapshot,
} from '../../../scripts/stack/firestorePersistence';
import { inProcessFirestore } from '../../support/inProcessFirestore';
import { probeFolders } from '../../support/probeFolders';

const PROJECT = 'demo-query-index';
const startEmulator = inProcessFirestore();
const probe = probeFolders('query-index');
const cleanUps: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

interface Compared {
  db: Firestore;
  emulator: RunningFirestoreEmulator;
  /** Queries whose indexed answer differed from the scan's, with both. */
  differences: string[];
  queries: number;
}

/** An emulator whose every query is also answered by a scan, and an Admin SDK client of it. */
async function comparedEmulator(): Promise<Compared> {
  const emulator = await startEmulator();
  const compared: Compared = { db: undefined!, emulator, differences: [], queries: 0 };
  const state = emulator.server.state;
  const indexed = state.v1Query.bind(state);
  state.v1Query = (parent, query) => {
    const answer = indexed(parent, query);
    const scanned = emulator.queries.scan(parent, query);
    compared.queries += 1;
    const paths = (documents: typeof answer) => documents.map((document) => document.getPath());
    if (JSON.stringify(paths(answer)) !== JSON.stringify(paths(scanned))) {
      compared.differences.push(
        `${JSON.stringify(query.toObject().where)}: index ${paths(answer).join(',')} scan ${paths(scanned).join(',')}`,
      );
    }
    return answer;
  };
  const app: App = initializeApp({ projectId: PROJECT }, `query-index-${Math.random()}`);
  cleanUps.push(() => deleteApp(app));
  compared.db = getFirestore(app);
  compared.db.settings({ host: `127.0.0.1:${emulator.port}`, ssl: false });
  return compared;
}

const UIDS = Array.from({ length: 12 }, (_, i) => `uid${i}`);

/** Claims of a dozen claimants, some ids numeric (a scan meets those first), and their mail. */
async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  for (let i = 0; i < 120; i += 1) {
    const uid = UIDS[i % UIDS.length]!;
    const id = i % 10 === 0 ? String(1000 - i) : `${uid}_vehicle-claim_${i}`;
    batch.set(db.doc(`claims/${id}`), {
      userId: uid,
      funnelId: i % 3 === 0 ? 'other' : 'vehicle-claim',
      status: i % 4 === 0 ? 'draft' : 'submitted',
      reminded: i % 5 === 0,
      listKey: `k${String(i % 7).padStart(3, '0')}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 9))),
      stageCount: i % 2,
    });
    batch.set(db.doc(`claims/${id}/history/submitted`), { reference: `R${i}` });
    batch.set(db.doc(`mail/${id}_received`), { claimId: id, event: 'claim-received' });
    if (i % 6 === 0) batch.set(db.doc(`mail/${id}_stage`), { claimId: id, event: 'stage' });
  }
  await batch.commit();
}

/** The gateway's kinds of query: an equality alone, several, with range, order and limit. */
function queries(db: Firestore): Query[] {
  const claims = db.collection('claims');
  return [
    ...UIDS.slice(0, 4).map((uid) => claims.where('userId', '==', uid)),
    claims.where('userId', '==', 'nobody'),
    claims.where('status', '==', 'submitted').where('funnelId', '==', 'vehicle-claim'),
    claims.where('status', '==', 'submitted').orderBy('listKey', 'desc').limit(7),
    claims
      .where('status', '==', 'draft')
      .where('reminded', '==', false)
      .where('updatedAt', '<', new Date(Date.UTC(2026, 0, 6)))
      .orderBy('updatedAt')
      .limit(5),
    claims.where('stageCount', '==', 1).limit(3),
    claims.where('funnelId', '==', 'other').where('listKey', '>=', 'k003'),
    db.collection('mail').where('claimId', '==', '1000').where('event', '==', 'claim-received'),
    db.collection('mail').where('event', '==', 'stage'),
    db.collection('claims/uid1_vehicle-claim_1/history').where('reference', '==', 'R1'),
  ];
}

async function answers(db: Firestore): Promise<string[][]> {
  return Promise.all(
    queries(db).map(async (query) => (await query.get()).docs.map((doc) => doc.ref.path)),
  );
}

describe('the local Firestore answers indexed queries as a scan does', () => {
  it('on seeded claims and mail', async () => {
    const { db, differences } = await comparedEmulator();
    await seed(db);
    const got = await answers(db);
    expect(differences).toEqual([]);
    // Not vacuous: the claimant's claims are the seeded ones, numeric ids first.
    expect(got[0]).toEqual([
      'claims/940',
      'claims/1000',
      ...[12, 24, 36, 48, 72, 84, 96, 108].map((i) => `claims/uid0_vehicle-claim_${i}`),
    ]);
    expect(got[4]).toEqual([]);
    expect(got[7]!.length).toBeGreaterThan(0);
  });

  it('after updates and deletes that move documents between keys', async () => {
    const compared = await comparedEmulator();
    const { db } = compared;
    await seed(db);
    await answers(db);
    // uid0's claims pass to uid1, some are sent back to draft, some deleted and made again.
    const owned = await db.collection('claims').where('userId', '==', 'uid0').get();
    for (const [n, doc] of owned.docs.entries()) {
      if (n % 3 === 0) await doc.ref.update({ userId: 'uid1' });
      else if (n % 3 === 1) await doc.ref.delete();
      else await doc.ref.set({ status: 'draft', reminded: false }, { merge: true });
    }
    await db.doc('claims/1000').set({ userId: 'uid0', status: 'submitted', listKey: 'k999' });
    await db.doc('claims/uid2_vehicle-claim_2').update({ stageCount: FieldValue.increment(1) });
    await db.doc('claims/uid3_vehicle-claim_3').update({ userId: 'uid4' });
    await db.doc('mail/1000_received').delete();
    const got = await answers(db);
    expect(compared.differences).toEqual([]);
    expect(got[0]).toEqual([
      'claims/1000',
      'claims/uid0_vehicle-claim_12',
      'claims/uid0_vehicle-claim_48',
      'claims/uid0_vehicle-claim_96',
    ]);
    expect(got[1]).toContain('claims/uid0_vehicle-claim_24');
    expect(got[3]).not.toContain('claims/uid3_vehicle-claim_3');
    expect(got[10]).toEqual([]);
    expect(compared.queries).toBeGreaterThan(2 * queries(db).length);
  });

  it('after the store is loaded from disk', async () => {
    const dir = probe({});
    const lines = UIDS.flatMap((uid, i) => [
      snapshotLineOf(PROJECT, `claims/${uid}_c`, { userId: uid, status: 'submitted' }),
      snapshotLineOf(PROJECT, `claims/${uid}_c/history/submitted`, { reference: `R${i}` }),
      snapshotLineOf(PROJECT, `mail/${uid}_c_received`, { claimId: `${uid}_c` }),
    ]);
    await writeFirestoreSnapshot(dir, lines);
    const compared = await comparedEmulator();
    const loaded = await firestorePersistence(compared.emulator, dir).load();
    expect(loaded).toBe(lines.length);
    const got = await answers(compared.db);
    expect(compared.differences).toEqual([]);
    expect(got[1]).toEqual(['claims/uid1_c']);
    await compared.db.doc('claims/uid1_c').update({ userId: 'uid2' });
    const after = await answers(compared.db);
    expect(compared.differences).toEqual([]);
    expect(after[1]).toEqual([]);
    expect(after[2]).toEqual(['claims/uid1_c', 'claims/uid2_c']);
  });
});
