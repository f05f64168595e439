import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

const initialState: ProfileState = { uid: null, status: 'idle', profile: null, localFields: {} };

/** The profile used when none is stored: blank firstName, lastName, email, phoneNumber. */
export function emptyProfile(uid: string): UserProfile {
  return {
    id: uid,
    userId: uid,
    firstName: '',
    lastName: '',
    name: '',
    email: '',
    phoneNumber: '',
  };
}

/** The state for `uid`: the current one, or a fresh one when it was about someone else. */
function forUid(state: ProfileState, uid: string): ProfileState {
  return state.uid === uid ? state : { ...initialState, uid };
}

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileLoadStarted(state, action: PayloadAction<{ uid: string }>) {
      const next = forUid(state, action.payload.uid);
      return { ...next, status: 'loading' };
    },
    /** The stored profile arrived; null means none is stored, so a blank one is used. */
    profileLoaded(state, action: PayloadAction<{ uid: string; profile: UserProfile | null }>) {
      const { uid, profile } = action.payload;
      if (state.uid !== uid) return;
      state.profile = { ...(profile ?? emptyProfile(uid)), ...state.localFields };
      state.status = 'loaded';
    },
    profileLoadFailed(state, action: PayloadAction<{ uid: string }>) {
      if (state.uid !== action.payload.uid) return;
      state.status = 'failed';
      state.profile ??= { ...emptyProfile(action.payload.uid), ...state.localFields };
    },
    /** The claimant typed profile fields (the start page, or the register form). */
    profileFieldsUpdated(
      state,
      action: PayloadAction<{ uid: string; fields: Partial<ProfileFields> }>,
    ) {
      const { uid, fields } = action.payload;
      const next = forUid(state, uid);
      return {
        ...next,
        profile: { ...(next.profile ?? emptyProfile(uid)), ...fields },
        localFields: { ...next.localFields, ...fields },
      };
    },
    /** The gateway stored the profile: its copy is the truth now. */
    profileSaved(state, action: PayloadAction<{ uid: string; profile: UserProfile }>) {
      // Saved after another claimant signed in: not theirs to show.
      if (state.uid !== null && state.uid !== action.payload.uid) return;
      return {
        uid: action.payload.uid,
        status: 'loaded',
        profile: action.payload.profile,
        localFields: {},
      };
    },
    /** A different claimant signed in, or the claimant signed out. */
    profileCleared() {
      return initialState;
    },
  },
  selectors: {
    selectProfileState: (state) => state,
    selectProfile: (state) => state.profile,
    selectProfileStatus: (state) => state.status,
  },
});

export const {
  profileLoadStarted,
  profileLoaded,
  profileLoadFailed,
  profileFieldsUpdated,
  profileSaved,
  profileCleared,
} = profileSlice.actions;
export const { selectProfileState, selectProfile, selectProfileStatus } = profileSlice.selectors;
