import { getApps, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { LOCAL_STORAGE_BUCKET } from '../../runtime/constants';

/**
 * The bucket evidence files are kept in: `EVIDENCE_BUCKET` when the operator names one,
 * otherwise the project's default bucket (`storageBucket` of the Functions runtime's
 * FIREBASE_CONFIG); under the emulators (FIREBASE_STORAGE_EMULATOR_HOST, which `npm start`
 * and the test stack set) the local Storage emulator's bucket.
 */
export function evidenceBucket() {
  const app = getApps()[0] ?? initializeApp();
  const named =
    process.env.EVIDENCE_BUCKET ||
    app.options.storageBucket ||
    (process.env.FIREBASE_STORAGE_EMULATOR_HOST ? LOCAL_STORAGE_BUCKET : undefined);
  return getStorage(app).bucket(named);
}
