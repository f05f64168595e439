/**
 * The browser's settings, read from Vite's `import.meta.env` here and nowhere else, typed.
 * Set at build time: VITE_USE_EMULATORS (the local emulated stack), VITE_FIREBASE_* and
 * VITE_APP_CHECK_SITE_KEY (a real project; see docs/operator.md, "Deploy"), VITE_BUILD_ID (by
 * the build-manifest plugin) and Vite's own BASE_URL.
 *
 * Only Vite's mode flags stay where they are used (`import.meta.env.DEV`, `.PROD`): Vite
 * writes them as literals into each module, which is what lets a build drop the code they
 * guard (the studio's editor, the funnel checker) altogether.
 */
import { DEV_BUILD_ID } from './runtime/constants';

const env = import.meta.env;
// Written as the one expression the build-manifest plugin's `define` replaces.
const injectedBuildId: unknown = import.meta.env.VITE_BUILD_ID;

export const browserEnv = {
  /** The running bundle's build id, as `builds/latest.json` names it; the dev id otherwise. */
  buildId:
    typeof injectedBuildId === 'string' && injectedBuildId !== '' ? injectedBuildId : DEV_BUILD_ID,
  /** The app's base path, ending in `/`. */
  baseUrl: (env?.BASE_URL as string | undefined) ?? '/',
  /** The local emulated stack (`npm start`, the tests): nothing leaves the machine. */
  usesEmulators: env?.VITE_USE_EMULATORS === '1',
  /** What readFirebaseConfig reads: the project's web settings. */
  firebaseSettings: {
    VITE_USE_EMULATORS: env?.VITE_USE_EMULATORS,
    VITE_FIREBASE_API_KEY: env?.VITE_FIREBASE_API_KEY,
    VITE_FIREBASE_APP_ID: env?.VITE_FIREBASE_APP_ID,
    VITE_FIREBASE_PROJECT_ID: env?.VITE_FIREBASE_PROJECT_ID,
    VITE_FIREBASE_AUTH_DOMAIN: env?.VITE_FIREBASE_AUTH_DOMAIN,
    VITE_FIREBASE_MEASUREMENT_ID: env?.VITE_FIREBASE_MEASUREMENT_ID,
    VITE_APP_CHECK_SITE_KEY: env?.VITE_APP_CHECK_SITE_KEY,
  } as Record<string, string | undefined>,
} as const;
