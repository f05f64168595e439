/**
 * firebase-admin for the support scripts (resume-link, staff): the local emulators by default,
 * or a real project with RESUME_LINK_USE_PROJECT=1, GOOGLE_APPLICATION_CREDENTIALS (a service
 * account) and GCLOUD_PROJECT.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';

/** True when the scripts act on a real project rather than the emulators. */
export const usesRealProject = process.env.RESUME_LINK_USE_PROJECT === '1';

export function adminApp(): App {
  if (!usesRealProject) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`;
    process.env.FIRESTORE_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}`;
    // No Google metadata server here: do not let the auth library look for one.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
  }
  return getApps()[0] ?? initializeApp(usesRealProject ? {} : { projectId: DEMO_PROJECT_ID });
}
