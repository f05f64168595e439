import { permissionDenied, unauthenticated } from './errors';
import { gatewayText } from '../gatewayText';

/**
 * Whether calls must come from a verified copy of our web app (Firebase App Check), and which
 * registered apps count. Off under the emulators: App Check's token exchange needs Google.
 */
export interface AppCheckPolicy {
  enforce: boolean;
  /** Firebase app ids allowed to call (the web app's, per environment); empty allows any app of the project. */
  appIds: readonly string[];
}

/** What the callable protocol verified of the caller's App Check token, if it sent one. */
interface VerifiedApp {
  appId: string;
}

/**
 * Refuses a call without a valid App Check token, or with one of another app, before
 * anything else runs. The callable protocol has already checked the token's signature and
 * project (a forged or expired token never arrives as `app`); this holds the rest in code.
 */
export function requireAppCheck(app: VerifiedApp | undefined, policy: AppCheckPolicy): void {
  if (!policy.enforce) return;
  if (!app) {
    throw unauthenticated(gatewayText('call.notOurWebsite'));
  }
  if (policy.appIds.length > 0 && !policy.appIds.includes(app.appId)) {
    throw permissionDenied(gatewayText('call.appNotAllowed'));
  }
}
