import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { claimSyncMiddleware } from './claimSync';
import { authSlice } from './slices/authSlice';
import { claimSlice } from './slices/claimSlice';
import { referralSlice } from './slices/referralSlice';

const rootReducer = combineSlices(authSlice, claimSlice, referralSlice);

export function createAppStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(claimSyncMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
