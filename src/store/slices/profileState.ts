import type { UserProfile } from '../../runtime/contract';
import type { ProfileFields } from '../../runtime/claim';

export type ProfileLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The claimant's profile (Firestore `users/{uid}`) as this browser holds it. Loaded on
 * demand (the pages that show it ask), filled locally from the start page's answers, and
 * always about one uid: anything of another claimant is dropped.
 */
export interface ProfileState {
  uid: string | null;
  status: ProfileLoadStatus;
  profile: UserProfile | null;
  /** Fields set in this browser since the last load or save; a load never overwrites them. */
  localFields: Partial<ProfileFields>;
}
