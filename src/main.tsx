/**
 * The composition root: the one module that wires the platform (Firebase, browser storage,
 * build watching), the store and the app together. Nothing in src/app imports src/platform.
 *
 * The first question comes first: a funnel's first page renders without waiting for
 * Firebase; the session, and the validators and forms of later pages, load after it, while
 * the claimant reads and types.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import type { BuildWatcher } from './platform/buildWatcher';
import { reloadOnChunkFailure } from './platform/chunkReload';
import { loadAnalytics } from './platform/analyticsOnDemand';
import { consentStorage } from './platform/browserStorage/consentStorage';
import { draftStorage } from './platform/browserStorage/draftStorage';
import { lastSession } from './platform/browserStorage/lastSession';
import { localePreference } from './platform/browserStorage/localePreference';
import { tellCallsTheLocale } from './platform/callerLocale';
import { captureReferral } from './platform/browserStorage/referralStorage';
import { createAppStore, startSyncing } from './store';
import { resendUnsavedAnswersWhenBack } from './store/outboxTriggers';
import { authStateChanged } from './store/slices/authSlice';
import { lastVisitFound } from './store/slices/claimSlice';
import { consentRestored } from './store/slices/consentSlice';
import { referralCaptured } from './store/slices/referralSlice';
import {
  AppRoutes,
  appBasename,
  appRoutes,
  createAppHistory,
  currentAddress,
  funnelAtAddress,
  preloadScreens,
} from './app/router';
import { retryUntilDone } from './runtime/web';
import { whenAssetsReachable } from './app/assetsReachable';
import { loadFunnelFiles, loadLaterPages } from './app/funnelRegistry';
import { preloadForms } from './app/form/formsOnDemand';
import { adoptTypedBeforeHydration } from './app/hydration/typedBeforeHydration';
import './app/styles.css';
import { browserEnv } from './browserEnv';
import {
  activeLocale,
  markLocaleChosen,
  SITE_LOCALE,
  siteLocaleList,
  subscribeToLocale,
  switchSiteLocale,
} from './app/locale/siteLocale';

const store = createAppStore();
// Referral capture runs on every app start: any page can be an ad's landing page.
store.dispatch(referralCaptured(captureReferral(window.location.href, window.localStorage)));
// The cookie choice made on an earlier visit; analytics stays off until there is one.
store.dispatch(consentRestored(consentStorage.read(window.localStorage)));
// What this browser kept on its last session's visits, before Firebase restores the session
// (after the first paint): a returning claimant's first page is drawn with their answers from
// its first render, or says it is loading them, never empty or on another version.
const lastUid = lastSession.read(window.localStorage);
if (lastUid) {
  store.dispatch(
    lastVisitFound({ ownerUid: lastUid, drafts: draftStorage.allOf(lastUid, window.localStorage) }),
  );
}
// Answers kept on this device while offline are sent as soon as the connection is back.
resendUnsavedAnswersWhenBack(store);
// Watching for a new build starts after the first paint (a claimant on the first page has
// nowhere to navigate to yet).
let buildWatcher: BuildWatcher | null = null;

/**
 * Starts the session, and with it the store's syncing of claims and profile (which only a
 * session's actions need); a visitor offline on arrival gets one when the connection is back.
 */
function watchSession(): void {
  retryUntilDone(
    () =>
      Promise.all([import('./platform/authService'), startSyncing()]).then(([{ watchAuthState }]) =>
        watchAuthState((user) => {
          lastSession.remember(user?.uid ?? null, window.localStorage);
          store.dispatch(authStateChanged(user));
        }),
      ),
    window,
  );
}

/**
 * The session and what later pages need: after the first render, not before it, and only once
 * the app's own script answers again. A module that failed to load cannot be loaded again in
 * this page (browsers remember the failure), so on a connection that dropped after the page
 * arrived, these imports wait for it instead of failing for good.
 */
function startAfterFirstPaint(): void {
  void whenAssetsReachable().then(() => {
    watchSession();
    // What the visitor's consent and the pages viewed meanwhile waited for.
    retryUntilDone(loadAnalytics, window);
    void import('./platform/browserBuild').then(
      ({ startBuildWatching }) => (buildWatcher = startBuildWatching(browserEnv.baseUrl)),
    );
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    whenIdle(() => {
      // Failures (offline) are tried again by the page that needs them.
      loadLaterPages().catch(() => undefined);
      preloadForms().catch(() => undefined);
      // The list of the other screens' files, so a link followed from here loads its screen
      // in one step.
      preloadScreens().catch(() => undefined);
    });
  });
}

/**
 * Renders the app. A funnel's first page comes prerendered (its HTML was built from the
 * funnel JSON): it is hydrated, not replaced, and what was typed before is kept.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  // The language chosen on an earlier visit, if the site still offers it: its words are loaded
  // before the first render, and the page drawn in it (not hydrated: its HTML is in en-GB).
  const preferred = localePreference.read(window.localStorage);
  if (preferred) markLocaleChosen();
  if (preferred && preferred !== SITE_LOCALE && siteLocaleList().includes(preferred)) {
    await switchSiteLocale(preferred, async () => true).catch(() => undefined);
  }
  subscribeToLocale(() => localePreference.remember(activeLocale(), window.localStorage));
  // Each gateway call tells the page's language, so its refusals are said in it.
  tellCallsTheLocale(activeLocale);
  // index.html's first-paint script hid the prerendered page for a returning claimant (its
  // fields are empty): it is drawn again, filled or as loading their answers, not hydrated.
  const returning = document.documentElement.hasAttribute('data-returning');
  const hydrating =
    container.hasAttribute('data-prerendered') && !returning && activeLocale() === SITE_LOCALE;
  // The funnel the address opens is drawn from its first render: its files come first (the
  // prerendered page preloads them); the other funnels' after the page is drawn.
  const firstFunnel = funnelAtAddress(window.location.pathname);
  if (firstFunnel) {
    await reloadOnChunkFailure(() => loadFunnelFiles(firstFunnel), currentAddress)();
  }
  const history = createAppHistory({
    isReloadPending: () => buildWatcher?.isReloadPending() ?? false,
  });
  // The address is a route rule's external redirect: the page is being replaced.
  if (!history) return;
  // A first page that RJSF draws: hydrate it once RJSF is here, not in two passes.
  if (hydrating && container.querySelector('[data-form-renderer="rjsf"]')) await preloadForms();
  let firstPageCommitted = false;
  const onFirstPageCommit = () => {
    // A change of language draws the pages again (and commits again): the first commit counts.
    if (firstPageCommitted) return;
    firstPageCommitted = true;
    if (hydrating) void adoptTypedBeforeHydration(container);
    // The page is drawn as it should be: shown from this frame.
    document.documentElement.removeAttribute('data-returning');
    // After the frame that shows the page (and enables its Continue button), so the session's
    // scripts do not queue in front of it.
    requestAnimationFrame(() => setTimeout(startAfterFirstPaint));
  };
  const routes = appRoutes({ store, reloadOnChunkFailure, onFirstPageCommit });
  const app = (
    <StrictMode>
      <Provider store={store}>
        {/* React Router's declarative router on the app's own history (createAppHistory):
            the rules a data router would run in loaders run there, and the first page ships
            none of the data router's code. */}
        <HistoryRouter history={history} basename={appBasename()}>
          <AppRoutes routes={routes} />
        </HistoryRouter>
      </Provider>
    </StrictMode>
  );
  if (hydrating) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread (a claimant's keystroke or tap is not kept waiting); React
    // hydrates the part they interact with first.
    startTransition(() => {
      hydrateRoot(container, app, {
        // React recovers by rendering in the browser; the page still works, but say so.
        onRecoverableError: (error) => console.error('Hydration mismatch:', error),
      });
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
