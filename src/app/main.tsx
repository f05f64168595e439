import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { watchAuthState } from '../platform/authService';
import { startBuildWatching } from '../platform/browserBuild';
import { consentStorage } from '../platform/consentStorage';
import { captureReferral } from '../platform/referralStorage';
import { createAppStore } from '../store';
import { authStateChanged } from '../store/slices/authSlice';
import { consentRestored } from '../store/slices/consentSlice';
import { referralCaptured } from '../store/slices/referralSlice';
import { createAppRouter } from './router';
import './styles.css';

const store = createAppStore();
// Referral capture runs on every app start (spec section 4).
store.dispatch(referralCaptured(captureReferral(window.location.href, window.localStorage)));
// The cookie choice made on an earlier visit; analytics stays off until there is one.
store.dispatch(consentRestored(consentStorage.read(window.localStorage)));
watchAuthState((user) => store.dispatch(authStateChanged(user)));
const buildWatcher = startBuildWatching(import.meta.env.BASE_URL);
const router = createAppRouter(store, () => buildWatcher?.isReloadPending() ?? false);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
