import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../rootReducer';
import type { UserProfile } from '../../runtime/contract';
import type { ProfileFields } from '../../runtime/claim';
import type { ProfileState } from './profileState';

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

const profileSlice = createSlice({
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

/**
 * In every store once this module loads (RTK's `injectInto`): only the account screens and
 * the syncing started with the session read or change the profile, so the first page's
 * store has none. Its selectors read the initial state until the first action after it.
 */
const injectedProfileSlice = profileSlice.injectInto(rootReducer);

export const {
  profileLoadStarted,
  profileLoaded,
  profileLoadFailed,
  profileFieldsUpdated,
  profileSaved,
  profileCleared,
} = profileSlice.actions;
export const { selectProfileState, selectProfile } = injectedProfileSlice.selectors;
