import { Fragment, lazy } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  matchPath,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import type { AppStore } from '../store';
import type { ScreenName } from './screenModules';
import { loadGatewayApi } from '../store/gatewayApiOnDemand';
import { loadAllFunnelFiles } from './funnelRegistry';
import { parseRouteRules } from '../runtime/web';
import routeRulesFile from './routeRules.json';
import { DefaultLayout } from './layout/DefaultLayout';
import { NotFoundPage } from './pages/site/NotFoundPage';
import type { RouteHandle } from './routing/routeChecks';
import {
  applyRouteRuleOnArrival,
  createNavigationHistory,
  type AppHistory,
  type NavigationRules,
} from './routing/navigationHistory';
import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from './builtInFunnel';
import { routePatterns } from './paths';
import { FormStepRoute } from './form/FormStepRoute';
import { browserEnv } from '../browserEnv';
import { useActiveLocale } from './locale/siteLocale';

/**
 * Wraps a lazy screen's import so that a chunk that fails to load (a new build replaced it)
 * reloads the target URL; given by the composition root (src/main.tsx) from the platform.
 */
export type ChunkReloader = <T>(
  importer: () => Promise<T>,
  targetUrl: () => string,
) => () => Promise<T>;

/** The address being opened, to reload when a file it needs fails to load. */
export const currentAddress = () => window.location.pathname + window.location.search;

/**
 * Screens loaded on demand, so the first page a claimant opens ships only what it needs: each
 * is a chunk of its own, named in screenModules.ts, which is loaded with the first screen
 * opened (or after a funnel's first page is drawn, see preloadScreens).
 */
function lazyScreens(store: AppStore, reloadOnChunkFailure: ChunkReloader) {
  // Screens read the server through the gateway's API: it joins the store with them.
  const screen = (name: ScreenName, handle?: RouteHandle) =>
    lazy(
      reloadOnChunkFailure(
        () =>
          // And every funnel: screens list funnels, or open claims in any of them.
          Promise.all([
            preloadScreens().then(async ({ screenModules, RouteChecks }) => {
              const Screen = await screenModules[name]();
              if (!handle) return Screen;
              // The route's guards come with its screen: a first page runs none.
              return function CheckedScreen() {
                return (
                  <RouteChecks handle={handle}>
                    <Screen />
                  </RouteChecks>
                );
              };
            }),
            loadGatewayApi(store.dispatch),
            loadAllFunnelFiles(),
          ]).then(([Component]) => ({ default: Component })),
        currentAddress,
      ),
    );
  return screen;
}

/** screenModules.ts, loaded once: by the first screen opened, or ahead of it (src/main.tsx). */
export const preloadScreens = () => import('./screenModules');

/** The route table (patterns in paths.ts), with each route's guards and validation hook. */
function routes(screen: ReturnType<typeof lazyScreens>): RouteObject[] {
  const p = routePatterns;
  const page = (name: ScreenName, handle?: RouteHandle) => {
    const Screen = screen(name, handle);
    return <Screen />;
  };
  const checked = (path: string, name: ScreenName, handle: RouteHandle): RouteObject => ({
    path,
    element: page(name, handle),
  });
  const signedIn: RouteHandle = { middleware: ['auth'] };

  return [
    { path: p.test, element: page('test') },
    { index: true, element: page('home') },
    { path: p.start, element: page('start') },
    { path: p.landing, element: page('landing') },
    { path: p.uiExamples, element: page('uiExamples') },
    // `/examples/studio/<funnelId>` too: the examples screen routes its studio itself, so the
    // router (in every claimant's first download) grows by no route of its own.
    { path: `${p.examples}/*`, element: page('examples') },
    { path: p.examplesLogin, element: page('examplesLogin') },
    { path: p.login, element: page('login') },
    { path: p.register, element: page('register') },
    // Any session: without an account it is where the claimant's rights over their data are.
    { path: p.account, element: page('account') },
    checked(p.yourClaims, 'yourClaims', signedIn),
    { path: p.cookies, element: page('cookies') },
    { path: p.contact, element: page('contact') },
    { path: p.privacy, element: page('privacy') },
    { path: p.accessibility, element: page('accessibility') },
    { path: p.terms, element: page('terms') },
    // Funnel pages are what claimants open: their screen comes with the app, not after it.
    // The built-in steps' paths name no funnel or page: the screen is told which they are.
    ...BUILT_IN_STEPS.map((step) => ({
      path: p.builtInStep(step),
      element: <FormStepRoute builtInStep={step} />,
    })),
    checked(p.callMotorSpecs, 'callMotorSpecs', signedIn),
    { path: p.formPage, element: <FormStepRoute /> },
    { path: p.claim, element: page('claim') },
    { path: p.saveAndReturn, element: page('saveAndReturn') },
    { path: p.returnToClaim, element: page('returnToClaim') },
    // Signed-in accounts only; the gateway decides who is staff (the screens say when not).
    checked(p.staff, 'staffClaims', signedIn),
    checked(p.staffClaim, 'staffClaim', signedIn),
    checked(p.staffOutbox, 'staffOutbox', signedIn),
    checked(p.staffFunnels, 'staffFunnels', signedIn),
    { path: '*', element: <NotFoundPage /> },
  ];
}

export const appBasename = (): string => browserEnv.baseUrl.replace(/\/$/, '') || '/';

/** The funnel whose page an address opens (a funnel page or a built-in step); else undefined. */
export function funnelAtAddress(pathname: string): string | undefined {
  const basename = appBasename();
  const path = basename === '/' ? pathname : pathname.slice(basename.length) || '/';
  if (basename !== '/' && !pathname.startsWith(basename)) return undefined;
  if (BUILT_IN_STEPS.some((step) => matchPath(routePatterns.builtInStep(step), path))) {
    return BUILT_IN_FUNNEL_ID;
  }
  return matchPath(routePatterns.formPage, path)?.params.funnelId;
}

/**
 * The route tree, built once: the browser's router and the build's prerenderer share it.
 * One layout and a single page outlet wrap every screen.
 */
export function appRoutes({
  store,
  reloadOnChunkFailure,
  onFirstPageCommit = () => {},
}: {
  store: AppStore;
  reloadOnChunkFailure: ChunkReloader;
  /** See DefaultLayout. */
  onFirstPageCommit?: () => void;
}): RouteObject[] {
  return [
    {
      element: <DefaultLayout onFirstPageCommit={onFirstPageCommit} />,
      children: routes(lazyScreens(store, reloadOnChunkFailure)),
    },
  ];
}

/** Renders the screen of the current address (inside a router). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const locale = useActiveLocale();
  const element = useRoutes(routes);
  // A change of language draws every screen again, in it: what a claimant typed is kept as
  // they type (useKeptEdits), so nothing is lost.
  return <Fragment key={locale}>{element}</Fragment>;
}

/** What the browser's navigation needs from outside the app, wired by src/main.tsx. */
interface AppHistoryDependencies {
  /** True once a new build was detected: the next navigation becomes a full load. */
  isReloadPending: () => boolean;
}

/**
 * The browser's navigation history, with the app's rules applied to every navigation (see
 * createNavigationHistory), and to the address the app was opened at.
 * @returns null when that address is being replaced by a full load (an external redirect).
 */
export function createAppHistory({ isReloadPending }: AppHistoryDependencies): AppHistory | null {
  const rules: NavigationRules = {
    basename: appBasename(),
    routeRules: parseRouteRules(routeRulesFile).rules,
    origin: window.location.origin,
    isReloadPending,
  };
  const history = createNavigationHistory(createBrowserHistory({ v5Compat: true }), rules, {
    assign: (url) => window.location.assign(url),
    reload: () => window.location.reload(),
    // A link to the current page does nothing, except scroll to its anchor again.
    onDuplicate: (hash) => {
      if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    },
  });
  const assign = (url: string) => window.location.assign(url);
  return applyRouteRuleOnArrival(history, rules, { assign }) ? history : null;
}
