import { DEMO_PROJECT_ID } from '../../runtime/constants';

/**
 * Which Firebase project the web app talks to, read once from Vite's environment and
 * validated with a clear list of what is missing. With the emulator flag on
 * (VITE_USE_EMULATORS=1, as in `npm start` and the tests) nothing outside the machine is
 * used: the demo project id needs no real keys.
 */
export interface FirebaseWebConfig {
  useEmulators: boolean;
  /** reCAPTCHA Enterprise site key for App Check; never with the emulators (see appCheck.ts). */
  appCheckSiteKey?: string;
  options: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string;
    measurementId?: string;
  };
}

const ENV_KEYS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_PROJECT_ID',
] as const;

export function readFirebaseConfig(env: Record<string, string | undefined>): FirebaseWebConfig {
  if (env.VITE_USE_EMULATORS === '1') {
    return {
      useEmulators: true,
      options: {
        apiKey: 'demo-api-key',
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        projectId: DEMO_PROJECT_ID,
        appId: 'demo-app-id',
      },
    };
  }
  const missing = ENV_KEYS.filter((key) => !env[key]);
  if (missing.length > 0) {
    throw new Error(
      `Firebase is not configured: set ${missing.join(', ')} (see docs/operator.md, "Deploy"), or VITE_USE_EMULATORS=1 for the local stack`,
    );
  }
  const projectId = env.VITE_FIREBASE_PROJECT_ID!;
  return {
    useEmulators: false,
    ...(env.VITE_APP_CHECK_SITE_KEY ? { appCheckSiteKey: env.VITE_APP_CHECK_SITE_KEY } : {}),
    options: {
      apiKey: env.VITE_FIREBASE_API_KEY!,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: env.VITE_FIREBASE_APP_ID!,
      ...(env.VITE_FIREBASE_MEASUREMENT_ID
        ? { measurementId: env.VITE_FIREBASE_MEASUREMENT_ID }
        : {}),
    },
  };
}
