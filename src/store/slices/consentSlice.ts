import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConsentChoice } from '../../platform/browserStorage/consentStorage';

/** The visitor's analytics-cookie choice; `unset` until they choose (the banner shows). */
export type AnalyticsConsent = 'unset' | 'granted' | 'denied';

export interface ConsentState {
  analytics: AnalyticsConsent;
}

const initialState: ConsentState = { analytics: 'unset' };

const consentOf = (choice: ConsentChoice): AnalyticsConsent =>
  choice.analytics ? 'granted' : 'denied';

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    /** The choice remembered in this browser was read at app start (null: none yet). */
    consentRestored(state, action: PayloadAction<ConsentChoice | null>) {
      state.analytics = action.payload ? consentOf(action.payload) : 'unset';
    },
    /** The visitor chose, on the cookie banner or the cookies page. */
    consentChosen(state, action: PayloadAction<ConsentChoice>) {
      state.analytics = consentOf(action.payload);
    },
  },
  selectors: {
    selectAnalyticsConsent: (state) => state.analytics,
  },
});

export const { consentRestored, consentChosen } = consentSlice.actions;
export const { selectAnalyticsConsent } = consentSlice.selectors;
