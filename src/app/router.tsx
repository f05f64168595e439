import { Fragment, lazy, type ComponentType } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  matchPath,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import type { AppStore } from '../store';
import { loadGatewayApi } from '../store/gatewayApiOnDemand';
import { loadAllFunnelFiles } from './funnelRegistry';
import { parseRouteRules } from '../runtime/web';
import routeRulesFile from './routeRules.json';
import { DefaultLayout } from './layout/DefaultLayout';
import { NotFoundPage } from './pages/site/NotFoundPage';
import { RouteChecks, type RouteHandle } from './routing/routeChecks';
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

/** Screens loaded on demand, so the first page a claimant opens ships only what it needs. */
function lazyScreens(store: AppStore, reloadOnChunkFailure: ChunkReloader) {
  // Screens read the server through the gateway's API: it joins the store with them.
  const screen = (importer: () => Promise<{ Component: ComponentType }>) =>
    lazy(
      reloadOnChunkFailure(
        () =>
          // And every funnel: screens list funnels, or open claims in any of them.
          Promise.all([importer(), loadGatewayApi(store.dispatch), loadAllFunnelFiles()]).then(
            ([{ Component }]) => ({
              default: Component,
            }),
          ),
        currentAddress,
      ),
    );
  return {
    home: screen(() => import('./pages/site/HomePage').then((m) => ({ Component: m.HomePage }))),
    start: screen(() => import('./pages/site/StartPage').then((m) => ({ Component: m.StartPage }))),
    landing: screen(() =>
      import('./pages/site/LandingPage').then((m) => ({ Component: m.LandingPage })),
    ),
    test: screen(() =>
      import('./pages/examples/TestPage').then((m) => ({ Component: m.TestPage })),
    ),
    uiExamples: screen(() =>
      import('./pages/examples/UiExamplesPage').then((m) => ({ Component: m.UiExamplesPage })),
    ),
    examples: screen(() =>
      import('./pages/examples/ExamplesPage').then((m) => ({ Component: m.ExamplesPage })),
    ),
    examplesLogin: screen(() =>
      import('./pages/examples/ExamplesLoginPage').then((m) => ({
        Component: m.ExamplesLoginPage,
      })),
    ),
    login: screen(() =>
      import('./pages/login/LoginPage').then((m) => ({ Component: m.LoginPage })),
    ),
    register: screen(() =>
      import('./pages/account/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
    ),
    account: screen(() =>
      import('./pages/account/AccountPage').then((m) => ({ Component: m.AccountPage })),
    ),
    yourClaims: screen(() =>
      import('./pages/account/YourClaimsPage').then((m) => ({ Component: m.YourClaimsPage })),
    ),
    cookies: screen(() =>
      import('./pages/site/CookiesPage').then((m) => ({ Component: m.CookiesPage })),
    ),
    contact: screen(() =>
      import('./pages/site/ContactPage').then((m) => ({ Component: m.ContactPage })),
    ),
    privacy: screen(() =>
      import('./pages/site/SitePage').then((m) => ({ Component: m.PrivacyPage })),
    ),
    accessibility: screen(() =>
      import('./pages/site/SitePage').then((m) => ({ Component: m.AccessibilityPage })),
    ),
    terms: screen(() => import('./pages/site/SitePage').then((m) => ({ Component: m.TermsPage }))),
    callMotorSpecs: screen(() =>
      import('./pages/examples/CallMotorSpecsPage').then((m) => ({
        Component: m.CallMotorSpecsPage,
      })),
    ),
    claim: screen(() =>
      import('./pages/account/ClaimPage').then((m) => ({ Component: m.ClaimPage })),
    ),
    saveAndReturn: screen(() =>
      import('./pages/saveAndReturn/SaveAndReturnPage').then((m) => ({
        Component: m.SaveAndReturnPage,
      })),
    ),
    returnToClaim: screen(() =>
      import('./pages/saveAndReturn/ReturnToClaimPage').then((m) => ({
        Component: m.ReturnToClaimPage,
      })),
    ),
    // The back office: chunks of their own, which claimants never load.
    staffClaims: screen(() =>
      import('./pages/staff/StaffClaimsPage').then((m) => ({ Component: m.StaffClaimsPage })),
    ),
    staffClaim: screen(() =>
      import('./pages/staff/StaffClaimPage').then((m) => ({ Component: m.StaffClaimPage })),
    ),
    staffOutbox: screen(() =>
      import('./pages/staff/StaffOutboxPage').then((m) => ({ Component: m.StaffOutboxPage })),
    ),
    staffFunnels: screen(() =>
      import('./pages/staff/StaffFunnelsPage').then((m) => ({ Component: m.StaffFunnelsPage })),
    ),
  } satisfies Record<string, ComponentType>;
}

/** The route table (patterns in paths.ts), with each route's guards and validation hook. */
function routes(screens: ReturnType<typeof lazyScreens>): RouteObject[] {
  const p = routePatterns;
  const checked = (path: string, Screen: ComponentType, handle: RouteHandle): RouteObject => ({
    path,
    element: (
      <RouteChecks handle={handle}>
        <Screen />
      </RouteChecks>
    ),
  });
  const signedIn: RouteHandle = { middleware: ['auth'] };

  return [
    { path: p.test, element: <screens.test /> },
    { index: true, element: <screens.home /> },
    { path: p.start, element: <screens.start /> },
    { path: p.landing, element: <screens.landing /> },
    { path: p.uiExamples, element: <screens.uiExamples /> },
    // `/examples/studio/<funnelId>` too: the examples screen routes its studio itself, so the
    // router (in every claimant's first download) grows by no route of its own.
    { path: `${p.examples}/*`, element: <screens.examples /> },
    { path: p.examplesLogin, element: <screens.examplesLogin /> },
    { path: p.login, element: <screens.login /> },
    { path: p.register, element: <screens.register /> },
    checked(p.account, screens.account, signedIn),
    checked(p.yourClaims, screens.yourClaims, signedIn),
    { path: p.cookies, element: <screens.cookies /> },
    { path: p.contact, element: <screens.contact /> },
    { path: p.privacy, element: <screens.privacy /> },
    { path: p.accessibility, element: <screens.accessibility /> },
    { path: p.terms, element: <screens.terms /> },
    // Funnel pages are what claimants open: their screen comes with the app, not after it.
    // The built-in steps' paths name no funnel or page: the screen is told which they are.
    ...BUILT_IN_STEPS.map((step) => ({
      path: p.builtInStep(step),
      element: <FormStepRoute builtInStep={step} />,
    })),
    checked(p.callMotorSpecs, screens.callMotorSpecs, signedIn),
    { path: p.formPage, element: <FormStepRoute /> },
    { path: p.claim, element: <screens.claim /> },
    { path: p.saveAndReturn, element: <screens.saveAndReturn /> },
    { path: p.returnToClaim, element: <screens.returnToClaim /> },
    // Signed-in accounts only; the gateway decides who is staff (the screens say when not).
    checked(p.staff, screens.staffClaims, signedIn),
    checked(p.staffClaim, screens.staffClaim, signedIn),
    checked(p.staffOutbox, screens.staffOutbox, signedIn),
    checked(p.staffFunnels, screens.staffFunnels, signedIn),
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
export interface AppHistoryDependencies {
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
