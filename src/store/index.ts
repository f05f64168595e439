import { configureStore } from '@reduxjs/toolkit';
import { analyticsEventsMiddleware } from './analyticsEvents';
import { onDemandMiddleware, rootReducer } from './rootReducer';

export function createAppStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault()
        .prepend(analyticsEventsMiddleware.middleware)
        .concat(onDemandMiddleware.middleware),
  });
}

/**
 * Starts keeping the claimant's claims and profile in step with this browser and the gateway
 * (claimSync.ts, profileSync.ts). Every action they answer comes with a session (a claimant's
 * edits, saves and loads are theirs; a first page holds what is typed until the session
 * exists), so the app starts them with the session, after the first page is drawn: their code
 * is not the first page's. Calling it again adds nothing.
 */
export async function startSyncing(): Promise<void> {
  const [{ claimSyncMiddleware }, { profileSyncMiddleware }] = await Promise.all([
    import('./claimSync'),
    import('./account/profileSync'),
  ]);
  // Into every store, as the gateway API's middleware is (gatewayApi.ts).
  onDemandMiddleware.addMiddleware(
    claimSyncMiddleware.middleware,
    profileSyncMiddleware.middleware,
  );
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
