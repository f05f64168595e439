import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { analyticsEventsMiddleware } from './analyticsEvents';
import { claimSyncMiddleware } from './claimSync';
import { gatewayApi } from './gatewayApi';
import { profileSyncMiddleware } from './profileSync';
import { authSlice } from './slices/authSlice';
import { claimSlice } from './slices/claimSlice';
import { consentSlice } from './slices/consentSlice';
import { profileSlice } from './slices/profileSlice';
import { referralSlice } from './slices/referralSlice';

const rootReducer = combineSlices(
  authSlice,
  claimSlice,
  referralSlice,
  consentSlice,
  profileSlice,
  gatewayApi,
);

export function createAppStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault()
        .prepend(
          claimSyncMiddleware.middleware,
          analyticsEventsMiddleware.middleware,
          profileSyncMiddleware.middleware,
        )
        .concat(gatewayApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
