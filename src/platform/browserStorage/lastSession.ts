import { LAST_SESSION_STORAGE_KEY } from '../../runtime/constants';
import { readStoredText } from './storedValues';

/**
 * The uid of this browser's last session. Firebase restores a session from IndexedDB, after
 * the first paint; this copy lets the first render draw the claimant's kept draft at once.
 * It only says whose drafts to look at: the session itself is still Firebase's, and a
 * different uid when it is restored means those drafts are not shown.
 */
export const lastSession = {
  read(storage: Storage = localStorage): string | null {
    return readStoredText(storage, LAST_SESSION_STORAGE_KEY);
  },
  remember(uid: string | null, storage: Storage = localStorage): void {
    try {
      if (uid) storage.setItem(LAST_SESSION_STORAGE_KEY, uid);
      else storage.removeItem(LAST_SESSION_STORAGE_KEY);
    } catch {
      // Storage full or disabled: the first render waits for the session instead.
    }
  },
};
