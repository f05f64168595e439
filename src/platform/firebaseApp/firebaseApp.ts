import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { EMULATOR_HOST, EMULATOR_PORTS, FUNCTIONS_REGION } from '../../runtime/constants';
import { appCheckReady } from './appCheck';
import { readFirebaseConfig } from './firebaseConfig';
import { browserEnv } from '../../browserEnv';

interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
  functions: Functions;
  /** Resolves once App Check (when configured) can attach its token to gateway calls. */
  appCheckReady: () => Promise<void>;
}

let services: FirebaseServices | undefined;

/**
 * The one place the Firebase app is created, lazily on first use. With the emulator flag,
 * Auth and Functions point at the local emulators; otherwise the SDK picks the deployed
 * gateway of the configured project (https://europe-west2-<project>.cloudfunctions.net).
 */
export function firebaseServices(): FirebaseServices {
  if (services) return services;
  const config = readFirebaseConfig(browserEnv.firebaseSettings);
  const app = initializeApp(config.options);
  // initializeAuth rather than getAuth: the product signs in with email, links and tokens,
  // never with popups or redirects, so the popup/redirect resolver (a large part of the auth
  // bundle) is left out of the first page's JavaScript.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  const functions = getFunctions(app, FUNCTIONS_REGION);
  if (config.useEmulators) {
    connectAuthEmulator(auth, `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`, {
      disableWarnings: true,
    });
    connectFunctionsEmulator(functions, EMULATOR_HOST, EMULATOR_PORTS.functions);
  }
  services = {
    app,
    auth,
    functions,
    appCheckReady: () => appCheckReady(app, config.appCheckSiteKey),
  };
  return services;
}
