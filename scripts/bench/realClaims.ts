/**
 * Stored claims shaped as the gateway really stores them, for the start-up figure: one claim
 * sent through the gateway of the bench's own stack (its answers, edit stamps, signature and
 * evidence, history, the emails it queued, its claimant's profile and quota counters), read
 * back from Firestore and copied, each copy with its own claimant, claim id and reference.
 */
import { getFirestore } from 'firebase-admin/firestore';
import { DEMO_PROJECT_ID } from '../../src/runtime/constants';
import { adminApp } from '../lib/adminApp';
import { snapshotLineOf } from '../stack/firestoreEmulator';

export interface ClaimTemplate {
  /** Snapshot lines of every document of the claim, with its ids as they were. */
  lines: string[];
  uid: string;
  claimId: string;
  reference: string;
  /** Its size on disk, in bytes, per copy. */
  bytes: number;
}

/** Every document the gateway wrote for the newest sent claim of the running stack. */
export async function captureSentClaim(): Promise<ClaimTemplate> {
  const db = getFirestore(adminApp());
  const sent = await db.collection('claims').where('status', '==', 'submitted').limit(1).get();
  const claim = sent.docs[0];
  if (!claim) throw new Error('the bench stack holds no sent claim to copy');
  const uid = String(claim.get('userId'));
  const reference = String(claim.get('reference'));
  const documents: FirebaseFirestore.DocumentSnapshot[] = [claim];
  documents.push(...(await claim.ref.collection('history').get()).docs);
  documents.push(...(await db.collection('mail').where('claimId', '==', claim.id).get()).docs);
  documents.push(...(await db.collection('rateLimits').where('uid', '==', uid).get()).docs);
  const profile = await db.collection('users').doc(uid).get();
  if (profile.exists) documents.push(profile);
  const lines = documents.map((doc) => snapshotLineOf(DEMO_PROJECT_ID, doc.ref.path, doc.data()!));
  return {
    lines,
    uid,
    claimId: claim.id,
    reference,
    bytes: lines.reduce((total, line) => total + Buffer.byteLength(line), 0),
  };
}

/** `count` copies of the claim's documents, as snapshot lines, each with ids of its own. */
export function* copiesOf(template: ClaimTemplate, count: number): Generator<string> {
  for (let i = 0; i < count; i += 1) {
    const suffix = String(i).padStart(6, '0');
    const uid = `${template.uid.slice(0, 20)}${suffix}`;
    for (const line of template.lines) {
      yield line
        .split(template.claimId)
        .join(template.claimId.replace(template.uid, uid))
        .split(template.uid)
        .join(uid)
        .split(template.reference)
        .join(`${template.reference.slice(0, 3)}${suffix}`);
    }
  }
}
