/**
 * Stored claims shaped as the gateway really stores them, for the start-up figures: one claim
 * sent through the gateway of a running stack, with every document it made, read from the
 * stack's Firestore memory and copied, each copy with its own claimant, claim id and
 * reference, and every document id re-keyed so no copy overwrites another.
 */
import type { RunningFirestoreEmulator } from '../stack/firestoreEmulator';
import { lineOf, liveDocuments } from '../stack/firestorePersistence';
import { loadHeld, runClaimantLoad } from './claimantLoad';

export interface ClaimTemplate {
  /** Snapshot lines of every document of the claim, with its ids as they were. */
  lines: { text: string; path: string }[];
  uid: string;
  claimId: string;
  reference: string;
  /** Its size on disk, in bytes, per copy. */
  bytes: number;
}

type Fields = Record<string, { type: string; value: unknown }>;

/** Every live document's path. */
function pathsOf(firestore: RunningFirestoreEmulator): Set<string> {
  const paths = new Set<string>();
  for (const document of liveDocuments(firestore)) paths.add(document.getPath());
  return paths;
}

/**
 * Sends one claim through the running stack's gateway as a claimant does (claimantLoad.ts),
 * and returns every document that appeared meanwhile: all the claim made, whatever its
 * collection (the claim, its history, its emails and links, its claimant's profile, proofs
 * and quota counters...). Documents that only changed (a project-wide counter) were not made
 * by it and are left out.
 */
export async function sendClaimToCopy(firestore: RunningFirestoreEmulator): Promise<ClaimTemplate> {
  // On a stack that has served no claim yet, the first also makes what any claim makes once
  // (a day's project-wide counters...): that one is not copied.
  if (![...liveDocuments(firestore)].some((document) => document.parent.name === 'claims')) {
    const first = await runClaimantLoad(1);
    if (!loadHeld(first)) throw new Error('a first claim could not be sent');
  }
  const before = pathsOf(firestore);
  const load = await runClaimantLoad(1);
  if (!loadHeld(load))
    throw new Error(
      `the claim to copy was not sent: ${[...load.lost, ...load.duplicates][0] ?? 'a call failed'}`,
    );
  const made = [...liveDocuments(firestore)].filter((document) => !before.has(document.getPath()));
  let claim: { uid: string; claimId: string; reference: string } | undefined;
  for (const document of made) {
    if (!/\/documents\/claims\/[^/]+$/.test(document.getPath())) continue;
    const { f } = JSON.parse(lineOf(document)) as { f: Fields };
    const [uid, reference] = [f.userId?.value, f.reference?.value];
    if (typeof uid !== 'string' || typeof reference !== 'string') continue;
    // The gateway names a claim after its claimant: the copies' ids carry their own.
    if (!document.name.startsWith(`${uid}_`))
      throw new Error(`claim ${document.name} does not carry its uid`);
    claim = { uid, claimId: document.name, reference };
  }
  if (!claim) throw new Error('the claim sent to copy is not in Firestore');
  const lines = made.map((document) => ({ text: lineOf(document), path: document.getPath() }));
  return {
    ...claim,
    lines,
    bytes: lines.reduce((total, line) => total + Buffer.byteLength(line.text), 0),
  };
}

/** The claimant uid of copy `index` (the same length as a real uid's prefix, then a number). */
export function copyUid(template: ClaimTemplate, index: number): string {
  return `${template.uid.slice(0, 20)}${String(index).padStart(8, '0')}`;
}

/**
 * `count` copies of the claim's documents, as snapshot lines, each with ids of its own: the
 * claimant's uid, the claim id and reference replaced wherever they appear, and a document
 * whose path named neither (a mail or history record with an id of its own) given the copy's
 * number after its id.
 */
export function* copiesOf(template: ClaimTemplate, count: number): Generator<string> {
  const owned = template.lines.map(
    (line) => line.path.includes(template.uid) || line.path.includes(template.claimId),
  );
  for (let i = 0; i < count; i += 1) {
    const uid = copyUid(template, i);
    const claimId = template.claimId.split(template.uid).join(uid);
    const reference = `${template.reference.slice(0, 3)}${String(i).padStart(6, '0')}`;
    for (const [n, line] of template.lines.entries()) {
      let text = line.text
        .split(template.claimId)
        .join(claimId)
        .split(template.uid)
        .join(uid)
        .split(template.reference)
        .join(reference);
      if (!owned[n]) {
        const path = JSON.stringify(line.path);
        text = text.replace(`"p":${path}`, `"p":${JSON.stringify(`${line.path}_${i}`)}`);
      }
      yield text;
    }
  }
}
