/**
 * The staff list's first page against the bench's throwaway emulators, with 1,000 and then
 * 10,000 sent vehicle claims seeded (each with a full set of answers): the time of the gateway
 * call (median of 5) and the documents the page's query reads. Firestore bills a query one
 * read per document it returns, so the figure is what the list's single query returned (its
 * `limit` is a page plus one), at both sizes. Then the CSV export of all of them, chunk by
 * chunk as the browser asks for it, timed from the first call to the last line.
 */
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { performance } from 'node:perf_hooks';
import { addStaff } from '../staff';
import { adminApp } from '../lib/adminApp';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';
import { GATEWAY_URL } from '../stack/localStack';
import { sentClaimDocument } from '../../tests/support/sentClaims';
import vehicleClaim from '../../funnels/vehicle-claim.json';
import examples from '../../funnels/examples/vehicle-claim.json';

const PAGE_SIZE = 25;

export interface StaffListFigures {
  seeded: number;
  medianMs: number;
  /** Documents the page's query returned (what Firestore bills as reads). */
  documentsRead: number;
  /** The whole export of the seeded claims as CSV, as the staff page asks for it. */
  exportMs: number;
  exportedRows: number;
  exportBytes: number;
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
      batch.set(db.doc(`claims/${claimId}`), {
        ...sentClaimDocument({
          claimId,
          funnelId: vehicleClaim.funnelId,
          funnelVersion: vehicleClaim.version,
          submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
          reference: `BENCH-${i}`,
          searchTerms: [tag],
        }),
        answers: examples[i % examples.length]!.answers,
      });
    }
    await batch.commit();
  }
}

async function call<T>(idToken: string, functionName: string, data: object): Promise<T> {
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: { functionName, data } }),
  });
  const body = (await response.json()) as { result?: T };
  if (!body.result) throw new Error(`${functionName} failed: ${JSON.stringify(body)}`);
  return body.result;
}

async function firstPage(idToken: string, tag: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const result = await call<{ claims: unknown[]; nextCursor: string | null }>(
    idToken,
    'staffListClaims',
    { funnelId: vehicleClaim.funnelId, search: tag, pageSize: PAGE_SIZE },
  );
  // The query asks for a page plus one (to know whether a next page exists).
  const rows = result.claims.length + (result.nextCursor ? 1 : 0);
  return { ms: performance.now() - started, rows };
}

/** Every seeded claim as CSV, a chunk per call as ExportClaims asks for them. */
async function wholeExport(idToken: string, tag: string) {
  const started = performance.now();
  const request = {
    funnelId: vehicleClaim.funnelId,
    funnelVersion: vehicleClaim.version,
    search: tag,
  };
  let cursor: string | null = null;
  let rows = 0;
  let bytes = 0;
  do {
    const chunk: { header: string; csv: string; rows: number; nextCursor: string | null } =
      await call(idToken, 'staffExportClaims', cursor ? { ...request, cursor } : request);
    if (rows === 0) bytes += chunk.header.length;
    rows += chunk.rows;
    bytes += chunk.csv.length;
    cursor = chunk.nextCursor;
  } while (cursor);
  return { ms: performance.now() - started, rows, bytes };
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
    const exported = await wholeExport(token, tag);
    figures.push({
      seeded: size,
      medianMs: sorted[2]!,
      documentsRead: runs[0]!.rows,
      exportMs: exported.ms,
      exportedRows: exported.rows,
      exportBytes: exported.bytes,
    });
  }
  return figures;
}
