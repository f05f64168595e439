import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReferralData } from '../../runtime/contract';

/** Where the claimant came from, captured at app start and sent with the claim's saves. */
interface ReferralState {
  data: ReferralData;
}

const initialState: ReferralState = { data: {} };

export const referralSlice = createSlice({
  name: 'referral',
  initialState,
  reducers: {
    referralCaptured(state, action: PayloadAction<ReferralData>) {
      state.data = action.payload;
    },
  },
});

export const { referralCaptured } = referralSlice.actions;
