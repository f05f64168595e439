import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../../platform/authService';

/** Auth is uninitialised until the first auth-state callback: until then nobody is known. */
type AuthState =
  { status: 'uninitialised'; user: null } | { status: 'initialised'; user: AuthUser | null };

// Widens the initial literal to the union so the reducers may set either state.
const initialState = { status: 'uninitialised', user: null } as AuthState;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(_state, action: PayloadAction<AuthUser | null>): AuthState {
      return { status: 'initialised', user: action.payload };
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAuthUser: (state) => state.user,
  },
});

export const { authStateChanged } = authSlice.actions;
export const { selectAuthStatus, selectAuthUser } = authSlice.selectors;
