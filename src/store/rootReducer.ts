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
import { referralSlice } from './slices/referralSlice';
import type { ProfileState } from './slices/profileState';

/**
 * The slices that join the store later, once their modules load: the gateway API's cache
 * (`rootReducer.inject(gatewayApi)` there fails to compile if its state is not this shape),
 * and the profile.
 */
interface LazyLoadedSlices {
  gatewayApi: CombinedState<EndpointDefinitions, CacheTag, 'gatewayApi'>;
  /** The claimant's profile, once its module loads (slices/profileSlice.ts). */
  profile: ProfileState;
}

export const rootReducer = combineSlices(
  authSlice,
  claimSlice,
  referralSlice,
  consentSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added after the store was made (RTK Query's, with its API). */
export const onDemandMiddleware = createDynamicMiddleware();
