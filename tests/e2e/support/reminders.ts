/** The daily draft reminder, run against the local stack as `npm run reminders` runs it. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { expect } from '@playwright/test';
import { firestore } from './emulators';

const DAY = 24 * 60 * 60 * 1000;
// Only drafts untouched this long are reminded here, so other tests' drafts are left alone.
const AFTER_DAYS = 60;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The claimant's draft is left alone for long enough, then the daily job runs (reminding
 * only drafts left that long, so other tests' drafts are not touched).
 */
export async function remind(uid: string): Promise<void> {
  const [draft] = await firestore()
    .collection('claims')
    .where('userId', '==', uid)
    .get()
    .then((snapshot) => snapshot.docs);
  await draft!.ref.update({
    updatedAt: Timestamp.fromMillis(Date.now() - (AFTER_DAYS + 1) * DAY),
  });
  // The daily job, as `npm run reminders` runs it against the emulators.
  const { stdout } = await promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    ['scripts/reminders.ts', '--after-days', String(AFTER_DAYS)],
    { cwd: projectRoot },
  );
  expect(stdout).toMatch(/Reminded [1-9]\d* draft/);
  expect((await draft!.ref.get()).get('reminded')).toBe(true);
}
