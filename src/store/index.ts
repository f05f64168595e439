import { configureStore } from '@reduxjs/toolkit';
import { analyticsEventsMiddleware } from './analyticsEvents';
import { claimSyncMiddleware } from './claimSync';
import { profileSyncMiddleware } from './profileSync';
import { onDemandMiddleware, rootReducer } from './rootReducer';

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
        .concat(onDemandMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
