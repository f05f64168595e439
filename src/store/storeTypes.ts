/**
 * The store's types, for the modules the store itself is made of (its middleware, its
 * thunks): defined from the root reducer, not from the store, so they import nothing that
 * imports them back.
 */
import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { rootReducer } from './rootReducer';

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/*
 * Thunks here are plain functions of (dispatch: AppDispatch, getState: () => RootState):
 * createAsyncThunk would turn a thrown error into a serialised one (name, message, code),
 * and the account screens read more of it (an existing account's `email`, the invalid
 * `fields` of a gateway refusal).
 */

/** A listener middleware whose effects see the store's state and dispatch, typed. */
export function createAppListenerMiddleware() {
  const middleware = createListenerMiddleware();
  return {
    middleware: middleware.middleware,
    startListening: middleware.startListening.withTypes<RootState, AppDispatch>(),
  };
}
