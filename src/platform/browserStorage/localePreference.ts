import { LOCALE_STORAGE_KEY } from '../../runtime/constants';
import { readStoredText } from './storedValues';

/**
 * The language this browser's claimant chose, kept so the next page they open (a reload, a
 * link in an email, tomorrow) is in it. A preference they set themselves, like the cookie
 * choice: no consent is needed to remember it.
 */
export const localePreference = {
  read(storage: Storage = localStorage): string | null {
    return readStoredText(storage, LOCALE_STORAGE_KEY);
  },
  remember(locale: string, storage: Storage = localStorage): void {
    try {
      storage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage full or disabled: the choice lasts for this page only.
    }
  },
};
