/**
 * The store's reducer and its on-demand middleware. The gateway's RTK Query API is not part
 * of the first page's JavaScript: it joins every store when its module is first imported
 * (see gatewayApi.ts), the code-splitting pattern of RTK's `combineSlices().inject` and
 * `createDynamicMiddleware`.
 */
import { combineSlices, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import type { gatewayApi } from './gatewayApi';
import { authSlice } from './slices/authSlice';
import { claimSlice } from './slices/claimSlice';
import { consentSlice } from './slices/consentSlice';
import { profileSlice } from './slices/profileSlice';
import { referralSlice } from './slices/referralSlice';

export const rootReducer = combineSlices(
  authSlice,
  claimSlice,
  referralSlice,
  consentSlice,
  profileSlice,
).withLazyLoadedSlices<WithSlice<typeof gatewayApi>>();

/** Middleware added after the store was made (RTK Query's, with its API). */
export const onDemandMiddleware = createDynamicMiddleware();
