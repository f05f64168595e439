import type { FirebaseApp } from 'firebase/app';

let started: Promise<void> | null = null;

/**
 * Starts Firebase App Check with the reCAPTCHA Enterprise provider, so every gateway call
 * carries a token that says it came from this site (the deployed gateway refuses calls
 * without one). Its token exchange needs Google's servers, so it is off with the emulators
 * and wherever no site key is configured. Loaded on demand: the first page does not wait.
 * A failed load (offline) is tried again on the next call.
 */
export function appCheckReady(app: FirebaseApp, siteKey: string | undefined): Promise<void> {
  if (!siteKey) return Promise.resolve();
  started ??= import('firebase/app-check')
    .then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
      initializeAppCheck(app, {
        provider: new ReCaptchaEnterpriseProvider(siteKey),
        isTokenAutoRefreshEnabled: true,
      });
    })
    .catch((error: unknown) => {
      started = null;
      throw error;
    });
  return started;
}
