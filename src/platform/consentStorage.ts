import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../runtime/constants';

/** The visitor's cookie choice. Only analytics is optional: essential storage needs no consent. */
export interface ConsentChoice {
  analytics: boolean;
}

interface StoredConsent {
  version: number;
  analytics: boolean;
}

/**
 * Where the cookie choice is remembered: localStorage under `CONSENT_STORAGE_KEY`, with the
 * policy version it answered. Keeping the choice itself is strictly necessary storage (PECR),
 * so it needs no consent of its own.
 */
export const consentStorage = {
  /** The remembered choice; null when there is none, it is unreadable, or the policy changed. */
  read(storage: Storage): ConsentChoice | null {
    try {
      const raw = storage.getItem(CONSENT_STORAGE_KEY);
      if (!raw) return null;
      // Browser storage holds what this module wrote; the field read next is checked before use.
      const stored = JSON.parse(raw) as Partial<StoredConsent> | null;
      if (stored?.version !== CONSENT_POLICY_VERSION || typeof stored.analytics !== 'boolean') {
        return null;
      }
      return { analytics: stored.analytics };
    } catch {
      return null;
    }
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
