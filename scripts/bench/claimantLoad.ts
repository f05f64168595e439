/**
 * Many claimants at once against a running local stack, each making the calls Chromium makes
 * for one claim: an anonymous sign-in at the Auth emulator, `getClaim` as the first page
 * loads, every page of the built-in vehicle claim saved through the gateway's callable
 * protocol (failed saves sent again with the outbox's backoff, jitter included, as the
 * browser's outbox does), `getClaim` again as the check page loads, then submit. Claimants
 * share client addresses as a mobile network's do (CLAIMANTS_PER_ADDRESS behind each), so the
 * per-address quotas are met as they would be. Afterwards every claim is read back from
 * Firestore and compared with what was sent (not with what the gateway answered): every
 * answer must be there, each claimant must have exactly one claim in the funnel, one
 * submission record and one "we have your claim" email, and no reference may be shared; the
 * duplicates are counted by what the documents hold (loadDuplicates.ts), not by their ids. A call that never
 * succeeded is a lost claimant. Prints throughput and p50/p95/p99 per call; exits non-zero
 * when anything is lost or doubled or the gateway answered 500 or more.
 *
 * Alone: npx tsx scripts/with-stack.ts npx tsx scripts/bench/claimantLoad.ts [N ...]
 * (or with `npm start` running: npx tsx scripts/bench/claimantLoad.ts 50 200 500)
 */
import { randomInt } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { getFirestore } from 'firebase-admin/firestore';
import vehicleClaim from '../../funnels/vehicle-claim.json';
import examples from '../../funnels/examples/vehicle-claim.json';
import { BACKOFF, backoffDelayMs, type BackoffPolicy } from '../../src/runtime/backoff';
import {
  COLLECTIONS,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  GATEWAY_CALL_TIMEOUT_MS,
} from '../../src/runtime/constants';
import { resolve } from 'node:path';
import { adminApp } from '../lib/adminApp';
import { readRegistryFiles, registryRoot } from '../lib/registryFiles';
import { createRegistry } from '../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../src/gateway/infra/validationWords';
import { GATEWAY_URL } from '../stack/localStack';
import { CallFailed, documentationAddress } from './loadCalls';
import {
  CLAIM_RECEIVED,
  duplicatesAmong,
  type LoadClaimant,
  type StoredClaimFacts,
  type StoredMailFacts,
} from './loadDuplicates';

const FUNNEL_ID = vehicleClaim.funnelId;
/** The browser's callable timeout: it gives up on a call after this long. */
const CALL_TIMEOUT_MS = GATEWAY_CALL_TIMEOUT_MS;
/** A claimant still not through after this many tries of one call is counted as lost. */
const MOST_TRIES = 12;
const SIGN_UP_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;

type CallName = 'signUp' | 'getClaim' | 'saveAnswers' | 'submitClaim';
/** Claimants behind one client address (a mobile network's carrier-grade NAT). */
const CLAIMANTS_PER_ADDRESS = 10;

interface Attempt {
  call: CallName;
  ms: number;
  /** HTTP status, or 0 when no answer came (network error or timeout). */
  status: number;
}

interface Claimant {
  uid: string;
  idToken: string;
  /** Its client address, shared with CLAIMANTS_PER_ADDRESS - 1 others. */
  address: string;
  /** Per page, the answers it sent. */
  sent: Record<string, unknown>;
  reference: string | null;
  failure?: string;
}

export interface LoadFigures {
  claimants: number;
  wallMs: number;
  attempts: Attempt[];
  retries: number;
  /** Calls that got no answer in the browser's time (counted in retries too). */
  timeouts: number;
  serverErrors: number;
  lost: string[];
  duplicates: string[];
}

/** One HTTP request, timed; its JSON body, or CallFailed with whether to retry. */
async function timedPost(
  attempts: Attempt[],
  call: CallName,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    status = response.status;
    const text = await response.text();
    attempts.push({ call, ms: performance.now() - started, status });
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An answer that is not JSON is a failure of its own, below.
    }
    if (response.ok && !json.error) return json;
    const code = String((json.error as { status?: string } | undefined)?.status ?? status);
    // The outbox waits for the claimant on refused answers and stops on a sent claim.
    const final = code === 'INVALID_ARGUMENT' || code === 'FAILED_PRECONDITION';
    throw new CallFailed(`${call} ${status} ${text.slice(0, 200)}`, !final);
  } catch (error) {
    if (error instanceof CallFailed) throw error;
    attempts.push({ call, ms: performance.now() - started, status });
    throw new CallFailed(`${call}: ${(error as Error).message}`, true);
  }
}

/** Sends a call until it succeeds, waiting as `policy` says between tries. */
async function withRetries<T>(
  policy: BackoffPolicy,
  send: () => Promise<T>,
  onRetry: () => void,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof CallFailed) || !error.retry || tries >= MOST_TRIES) throw error;
      onRetry();
      await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(policy, tries)));
    }
  }
}

/**
 * The built-in funnel's registry, as the browser holds it: its answers are sent as the
 * browser sends them, normalised by the page's schema (postcodes, registrations).
 */
const registry = (() => {
  const {
    funnels,
    schemas,
    examples: files,
  } = readRegistryFiles(registryRoot(resolve(import.meta.dirname, '../..')));
  const result = createRegistry(
    { funnels, schemas, examples: files },
    { compileValidator: createAjvCompileValidator(), words: validationWords() },
  );
  if (!result.registry) throw new Error('the funnels do not pass funnels:check');
  return result.registry;
})();

/** An example's answers as a browser sends them, with an address of the claimant's own. */
function answersOf(index: number): Record<string, Record<string, unknown>> {
  const example = examples[index % examples.length]!.answers as Record<
    string,
    Record<string, unknown>
  >;
  const typed = {
    ...example,
    start: { ...example.start, email: `load-${index}-${randomInt(1e9)}@example.com` },
  };
  return Object.fromEntries(
    Object.entries(typed).map(([pageId, page]) => [
      pageId,
      registry.normalisePage(FUNNEL_ID, pageId, page),
    ]),
  );
}

/** The pages of an example's answers in the funnel's order (its route through the funnel). */
function pagesOf(answers: Record<string, unknown>): string[] {
  return vehicleClaim.pages.map((page) => page.pageId).filter((pageId) => pageId in answers);
}

async function runClaimant(
  index: number,
  address: string,
  attempts: Attempt[],
  onRetry: () => void,
): Promise<Claimant> {
  const answers = answersOf(index);
  const signedUp = await withRetries(
    BACKOFF.connection,
    () =>
      timedPost(attempts, 'signUp', SIGN_UP_URL, {}, { returnSecureToken: true }) as Promise<{
        localId: string;
        idToken: string;
      }>,
    onRetry,
  );
  const claimant: Claimant = {
    uid: signedUp.localId,
    idToken: signedUp.idToken,
    address,
    sent: {},
    reference: null,
  };
  const headers = { authorization: `Bearer ${claimant.idToken}`, 'x-forwarded-for': address };
  // As the browser's client does, each try says when it was sent.
  const call = (functionName: CallName, data: unknown) =>
    timedPost(attempts, functionName, GATEWAY_URL, headers, {
      data: { functionName, data, sentAt: Date.now() },
    });
  const pages = pagesOf(answers);
  const load = () =>
    withRetries(BACKOFF.connection, () => call('getClaim', { funnelId: FUNNEL_ID }), onRetry);
  try {
    // The first page asks for the claim as it loads; the check page again.
    await load();
    for (const [position, pageId] of pages.entries()) {
      if (pageId === 'check') await load();
      const page = answers[pageId]!;
      const stampedAt = Date.now();
      const next = pages[position + 1];
      await withRetries(
        BACKOFF.outbox,
        () =>
          call('saveAnswers', {
            funnelId: FUNNEL_ID,
            pageId,
            answers: page,
            fieldStamps: Object.fromEntries(Object.keys(page).map((field) => [field, stampedAt])),
            ...(next ? { nextPageId: next } : {}),
          }),
        onRetry,
      );
      claimant.sent[pageId] = page;
    }
    const submitted = await withRetries(
      BACKOFF.outbox,
      () => call('submitClaim', { funnelId: FUNNEL_ID }),
      onRetry,
    );
    claimant.reference =
      (submitted.result as { claim: { reference: string | null } }).claim.reference ?? null;
  } catch (error) {
    claimant.failure = (error as Error).message;
  }
  return claimant;
}

/** Reads every claimant's claims and emails back and says what is missing or doubled. */
async function verify(claimants: Claimant[]): Promise<{ lost: string[]; duplicates: string[] }> {
  const db = getFirestore(adminApp());
  const lost: string[] = [];
  const claims: StoredClaimFacts[] = [];
  const mail: StoredMailFacts[] = [];
  const checked: LoadClaimant[] = [];
  for (const claimant of claimants) {
    if (claimant.failure) {
      lost.push(`${claimant.uid}: ${claimant.failure}`);
      continue;
    }
    const email = String((claimant.sent.start as { email?: unknown } | undefined)?.email ?? '');
    checked.push({ uid: claimant.uid, email });
    // Everything the claimant holds and every email to their address, by content.
    const owned = await db.collection('claims').where('userId', '==', claimant.uid).get();
    const emails = await db.collection('mail').where('to', '==', email).get();
    for (const doc of owned.docs) {
      claims.push({
        id: doc.id,
        userId: String(doc.get('userId')),
        funnelId: String(doc.get('funnelId')),
        reference: typeof doc.get('reference') === 'string' ? doc.get('reference') : null,
      });
      // An email about the claim sent elsewhere would not be among those to the address.
      const about = await db.collection('mail').where('claimId', '==', doc.id).get();
      mail.push(...[...about.docs, ...emails.docs].map(mailFacts));
    }
    const inFunnel = owned.docs.filter((doc) => doc.get('funnelId') === FUNNEL_ID);
    if (inFunnel.length === 0) lost.push(`${claimant.uid}: no claim in ${FUNNEL_ID}`);
    const received = emails.docs.filter((doc) => doc.get('event') === CLAIM_RECEIVED);
    if (received.length === 0) lost.push(`${claimant.uid}: no "we have your claim" email`);
    const claim = inFunnel[0]?.data();
    if (!claim) continue;
    if (claim.status !== 'submitted') lost.push(`${claimant.uid}: claim is ${claim.status}`);
    if (!claimant.reference || claim.reference !== claimant.reference)
      lost.push(`${claimant.uid}: reference ${claim.reference} != ${claimant.reference}`);
    for (const [pageId, sent] of Object.entries(claimant.sent)) {
      if (!isDeepStrictEqual(claim.answers?.[pageId], sent))
        lost.push(`${claimant.uid}: page ${pageId} is not as sent`);
    }
    const history = await inFunnel[0]!.ref
      .collection(COLLECTIONS.claimHistory)
      .doc('submitted')
      .get();
    if (history.data()?.reference !== claim.reference)
      lost.push(`${claimant.uid}: no submission record for ${claim.reference}`);
  }
  return { lost, duplicates: duplicatesAmong(checked, FUNNEL_ID, claims, mail) };
}

function mailFacts(doc: FirebaseFirestore.QueryDocumentSnapshot): StoredMailFacts {
  const claimId = doc.get('claimId');
  return {
    id: doc.id,
    to: String(doc.get('to') ?? ''),
    event: String(doc.get('event') ?? ''),
    claimId: typeof claimId === 'string' ? claimId : null,
  };
}

/**
 * Runs `count` claimants at once, all started together, `perAddress` of them behind each
 * client address, and checks what Firestore holds.
 */
export async function runClaimantLoad(
  count: number,
  perAddress = CLAIMANTS_PER_ADDRESS,
): Promise<LoadFigures> {
  const attempts: Attempt[] = [];
  let retries = 0;
  const started = performance.now();
  const addresses = Array.from({ length: Math.ceil(count / perAddress) }, documentationAddress);
  const claimants = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      runClaimant(index, addresses[index % addresses.length]!, attempts, () => (retries += 1)),
    ),
  );
  const wallMs = performance.now() - started;
  const { lost, duplicates } = await verify(claimants);
  const serverErrors = attempts.filter((attempt) => attempt.status >= 500).length;
  const timeouts = attempts.filter((attempt) => attempt.status === 0).length;
  return { claimants: count, wallMs, attempts, retries, timeouts, serverErrors, lost, duplicates };
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** The figures as lines: throughput, then p50/p95/p99 of each call. */
export function describeLoad(figures: LoadFigures): string[] {
  const seconds = figures.wallMs / 1000;
  const gatewayCalls = figures.attempts.filter((attempt) => attempt.call !== 'signUp').length;
  const lines = [
    `${figures.claimants} claimants at once: all done in ${seconds.toFixed(1)} s, ` +
      `${(figures.claimants / seconds).toFixed(1)} claims/s, ${(gatewayCalls / seconds).toFixed(1)} gateway calls/s, ` +
      `${figures.retries} retries (${figures.timeouts} calls unanswered), ${figures.serverErrors} answers >= 500, ` +
      `${figures.lost.length} lost, ${figures.duplicates.length} duplicates`,
  ];
  for (const call of ['signUp', 'getClaim', 'saveAnswers', 'submitClaim'] as const) {
    const ms = figures.attempts
      .filter((attempt) => attempt.call === call)
      .map((attempt) => attempt.ms)
      .sort((a, b) => a - b);
    lines.push(
      `    ${call}: ${ms.length} calls, p50 ${percentile(ms, 0.5).toFixed(0)} ms, ` +
        `p95 ${percentile(ms, 0.95).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms`,
    );
  }
  for (const problem of [...figures.lost, ...figures.duplicates].slice(0, 10))
    lines.push(`    ${problem}`);
  return lines;
}

/** Whether the run kept every answer, gave one reference per claim and had no server error. */
export function loadHeld(figures: LoadFigures): boolean {
  return figures.lost.length === 0 && figures.duplicates.length === 0 && figures.serverErrors === 0;
}

export const CLAIMANT_COUNTS = [50, 200, 500];

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv.slice(2).map(Number);
  let held = true;
  for (const count of counts.length > 0 ? counts : CLAIMANT_COUNTS) {
    const figures = await runClaimantLoad(count);
    for (const line of describeLoad(figures)) console.log(line);
    held &&= loadHeld(figures);
  }
  process.exitCode = held ? 0 : 1;
}
