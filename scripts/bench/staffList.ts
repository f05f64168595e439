/**
 * The staff list's first page against the emulators of `npm start`, with 1,000 and then
 * 10,000 sent claims seeded: the time of the gateway call (median of 5) and the documents the
 * page's query reads. Firestore bills a query one read per document it returns, so the figure
 * is what the list's single query returned (its `limit` is a page plus one), at both sizes.
 */
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { performance } from 'node:perf_hooks';
import { addStaff } from '../staff';
import { adminApp } from '../lib/adminApp';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';
import { GATEWAY_URL } from '../stack/localStack';
import { sentClaimDocument } from '../../tests/support/sentClaims';

const PAGE_SIZE = 25;

export interface StaffListFigures {
  seeded: number;
  medianMs: number;
  /** Documents the page's query returned (what Firestore bills as reads). */
  documentsRead: number;
}

async function staffToken(email: string): Promise<string> {
  const auth = getAuth(adminApp());
  await auth.createUser({ email, password: 'bench-password-1' }).catch(() => undefined);
  await addStaff(auth, email);
  const response = await fetch(
    `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-1', returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

async function seed(tag: string, from: number, to: number): Promise<void> {
  const db = getFirestore(adminApp());
  for (let start = from; start < to; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(to, start + 500); i++) {
      const claimId = `${tag}-${i}`;
      batch.set(
        db.doc(`claims/${claimId}`),
        sentClaimDocument({
          claimId,
          funnelId: tag,
          submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
          reference: `VC-BENCH-${i}`,
        }),
      );
    }
    await batch.commit();
  }
}

async function firstPage(idToken: string, funnelId: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      data: { functionName: 'staffListClaims', data: { funnelId, pageSize: PAGE_SIZE } },
    }),
  });
  const body = (await response.json()) as {
    result?: { claims: unknown[]; nextCursor: string | null };
  };
  if (!body.result) throw new Error(`staffListClaims failed: ${JSON.stringify(body)}`);
  // The query asks for a page plus one (to know whether a next page exists).
  const rows = body.result.claims.length + (body.result.nextCursor ? 1 : 0);
  return { ms: performance.now() - started, rows };
}

export async function benchStaffList(): Promise<StaffListFigures[]> {
  const tag = `bench-staff-${Date.now().toString(36)}`;
  const token = await staffToken(`${tag}@example.com`);
  const figures: StaffListFigures[] = [];
  let seeded = 0;
  for (const size of [1_000, 10_000]) {
    await seed(tag, seeded, size);
    seeded = size;
    await firstPage(token, tag); // warm the function instance
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await firstPage(token, tag));
    const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
    figures.push({ seeded: size, medianMs: sorted[2]!, documentsRead: runs[0]!.rows });
  }
  return figures;
}
