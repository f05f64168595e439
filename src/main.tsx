/**
 * The composition root: the one module that wires the platform (Firebase, browser storage,
 * build watching), the store and the app together. Nothing in src/app imports src/platform.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { watchAuthState } from './platform/authService';
import { reloadOnChunkFailure, startBuildWatching } from './platform/browserBuild';
import { consentStorage } from './platform/consentStorage';
import { captureReferral } from './platform/referralStorage';
import { createAppStore } from './store';
import { resendUnsavedAnswersWhenBack } from './store/outboxTriggers';
import { authStateChanged } from './store/slices/authSlice';
import { consentRestored } from './store/slices/consentSlice';
import { referralCaptured } from './store/slices/referralSlice';
import { createAppRouter } from './app/router';
import './app/styles.css';

const store = createAppStore();
// Referral capture runs on every app start (spec section 4).
store.dispatch(referralCaptured(captureReferral(window.location.href, window.localStorage)));
// The cookie choice made on an earlier visit; analytics stays off until there is one.
store.dispatch(consentRestored(consentStorage.read(window.localStorage)));
watchAuthState((user) => store.dispatch(authStateChanged(user)));
// Answers kept on this device while offline are sent as soon as the connection is back.
resendUnsavedAnswersWhenBack(store);
const buildWatcher = startBuildWatching(import.meta.env.BASE_URL);
const router = createAppRouter({
  store,
  isReloadPending: () => buildWatcher?.isReloadPending() ?? false,
  reloadOnChunkFailure,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
