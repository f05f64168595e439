/**
 * Deleting evidence files with what they belong to: a withdrawn claim's, a deleted account's,
 * a claim the retention job deletes or anonymises, and uploads never finished or never saved
 * on an answer. Each deletes the bytes first, then the record, and each can run again: a
 * file already gone is what was wanted.
 */
import { evidenceBucket } from '../../infra/cloudStorage';
import { logs } from '../../infra/logs';
import { evidenceRepository, type EvidenceRecord } from '../../repositories/evidenceRepository';

/** An upload not finished, or finished but on no saved answer, this long after it started. */
const UNSAVED_UPLOAD_HOURS = 24;

async function deleteAll(records: readonly EvidenceRecord[]): Promise<number> {
  for (const record of records) {
    await evidenceBucket().file(record.path).delete({ ignoreNotFound: true });
    await evidenceRepository.delete(record.fileId);
  }
  return records.length;
}

export async function deleteFilesOfClaim(claimId: string): Promise<number> {
  return deleteAll(await evidenceRepository.listOfClaim(claimId));
}

export async function deleteFilesOfUser(uid: string): Promise<number> {
  return deleteAll(await evidenceRepository.listOfUser(uid));
}

/**
 * Deletes uploads started over a day ago that no answer holds (a session never finished, a
 * file refused or chosen and then left), then objects under `evidence/` that no record knows
 * (a session the browser went on sending to after its file was refused). Returns how many.
 */
export async function sweepUnsavedUploads(now: number, limit = 500): Promise<number> {
  const before = new Date(now - UNSAVED_UPLOAD_HOURS * 60 * 60 * 1000);
  const stale = (await evidenceRepository.startedBefore(before, limit)).filter(
    (record) => record.status === 'pending' || record.claimId === null,
  );
  let deleted = await deleteAll(stale);
  const [objects] = await evidenceBucket().getFiles({ prefix: 'evidence/', maxResults: limit });
  for (const object of objects) {
    const created = Date.parse(String(object.metadata.timeCreated ?? ''));
    if (!Number.isFinite(created) || created >= before.getTime()) continue;
    const fileId = object.name.split('/').pop() ?? '';
    const record = fileId ? await evidenceRepository.get(fileId) : null;
    if (record && record.path === object.name) continue;
    await object.delete({ ignoreNotFound: true }).catch((error: unknown) => {
      logs.evidenceStorageFailed('sweep', error);
    });
    deleted += 1;
  }
  return deleted;
}
