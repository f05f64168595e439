import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../../runtime/constants';
import { isStoredObject, readStoredJson } from './storedValues';

/** The visitor's cookie choice. Only analytics is optional: essential storage needs no consent. */
export interface ConsentChoice {
  analytics: boolean;
}

interface StoredConsent {
  version: number;
  analytics: boolean;
}

/** A kept choice that answered the policy as it stands: one given to an older policy is asked again. */
const isCurrentConsent = (value: unknown): value is StoredConsent =>
  isStoredObject(value) &&
  value.version === CONSENT_POLICY_VERSION &&
  typeof value.analytics === 'boolean';

/**
 * Where the cookie choice is remembered: localStorage under `CONSENT_STORAGE_KEY`, with the
 * policy version it answered. Keeping the choice itself is strictly necessary storage (PECR),
 * so it needs no consent of its own.
 */
export const consentStorage = {
  /** The remembered choice; null when there is none, it is unreadable, or the policy changed. */
  read(storage: Storage): ConsentChoice | null {
    const stored = readStoredJson(storage, CONSENT_STORAGE_KEY, isCurrentConsent);
    return stored && { analytics: stored.analytics };
  },
  write(storage: Storage, choice: ConsentChoice): void {
    const stored: StoredConsent = { version: CONSENT_POLICY_VERSION, analytics: choice.analytics };
    try {
      storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
    } catch (error) {
      // Blocked storage: the choice still holds for this visit (it is in the store); the
      // banner simply asks again next time.
      console.error('Could not remember the cookie choice in this browser', error);
    }
  },
};
