/**
 * The store's reducer and its on-demand middleware. The gateway's RTK Query API is not part
 * of the first page's JavaScript: it joins every store when its module is first imported
 * (see gatewayApi.ts), the code-splitting pattern of RTK's `combineSlices().inject` and
 * `createDynamicMiddleware`.
 *
 * The API's slot is typed here from RTK Query's own state shape rather than from the API
 * (which imports this module): a module imports the one below it, never back, types included.
 */
import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { CombinedState, EndpointDefinitions } from '@reduxjs/toolkit/query';
import type { CacheTag } from '../runtime/contract';
import { authSlice } from './slices/authSlice';
import { claimSlice } from './slices/claimSlice';
import { consentSlice } from './slices/consentSlice';
import { profileSlice } from './slices/profileSlice';
import { referralSlice } from './slices/referralSlice';

/**
 * The slices that join the store later: the gateway API's cache, once its module loads
 * (`rootReducer.inject(gatewayApi)` there fails to compile if its state is not this shape).
 */
export interface LazyLoadedSlices {
  gatewayApi: CombinedState<EndpointDefinitions, CacheTag, 'gatewayApi'>;
}

export const rootReducer = combineSlices(
  authSlice,
  claimSlice,
  referralSlice,
  consentSlice,
  profileSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added after the store was made (RTK Query's, with its API). */
export const onDemandMiddleware = createDynamicMiddleware();
