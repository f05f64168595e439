import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import type { AppStore } from '../store';
import { loadGatewayApi } from '../store/gatewayApiOnDemand';
import { DefaultLayout } from './layout/DefaultLayout';
import { RouteErrorPage } from './ui/ErrorPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { pageNotFound, routeChecksLoader, type RouteHandle } from './routing/routeChecks';
import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from './builtInFunnel';
import { navigationGateLoader } from './routing/navigationGate';
import { ignoreDuplicateNavigation } from './routing/ignoreDuplicateNavigation';
import { routePatterns } from './paths';
import { FormStepRoute, formStepLoader } from './form/FormStepRoute';

/** A screen loaded on demand, so the first page a claimant opens ships only what it needs. */
type LazyScreen = () => Promise<{ Component: React.ComponentType; loader?: LoaderFunction }>;

/**
 * Wraps a lazy screen's import so that a chunk that fails to load (a new build replaced it)
 * reloads the target URL; given by the composition root (src/main.tsx) from the platform.
 */
export type ChunkReloader = <T>(
  importer: () => Promise<T>,
  targetUrl: () => string,
) => () => Promise<T>;

function lazyScreens(
  store: AppStore,
  reloadOnChunkFailure: ChunkReloader,
  navigationTarget: () => string,
) {
  // Screens read the server through the gateway's API: it joins the store with them.
  const screen = <T,>(importer: () => Promise<T>) =>
    reloadOnChunkFailure(
      () => Promise.all([importer(), loadGatewayApi(store.dispatch)]).then(([module]) => module),
      navigationTarget,
    );
  return {
    start: screen(() => import('./pages/StartPage').then((m) => ({ Component: m.StartPage }))),
    landing: screen(() =>
      import('./pages/LandingPage').then((m) => ({ Component: m.LandingPage })),
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
    login: screen(() => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage }))),
    register: screen(() =>
      import('./pages/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
    ),
    account: screen(() =>
      import('./pages/AccountPage').then((m) => ({ Component: m.AccountPage })),
    ),
    yourClaims: screen(() =>
      import('./pages/YourClaimsPage').then((m) => ({ Component: m.YourClaimsPage })),
    ),
    cookies: screen(() =>
      import('./pages/CookiesPage').then((m) => ({ Component: m.CookiesPage })),
    ),
    contact: screen(() =>
      import('./pages/ContactPage').then((m) => ({ Component: m.ContactPage })),
    ),
    privacy: screen(() => import('./pages/SitePage').then((m) => ({ Component: m.PrivacyPage }))),
    accessibility: screen(() =>
      import('./pages/SitePage').then((m) => ({ Component: m.AccessibilityPage })),
    ),
    terms: screen(() => import('./pages/SitePage').then((m) => ({ Component: m.TermsPage }))),
    callMotorSpecs: screen(() =>
      import('./pages/examples/CallMotorSpecsPage').then((m) => ({
        Component: m.CallMotorSpecsPage,
      })),
    ),
    claim: screen(() => import('./pages/ClaimPage').then((m) => ({ Component: m.ClaimPage }))),
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
    // Funnel pages are what claimants open: their screen comes with the app, not after it.
    formStep: () => Promise.resolve({ Component: FormStepRoute, loader: formStepLoader }),
  } satisfies Record<string, LazyScreen>;
}

/** The spec's route table (section 2), with each route's optional guards and validation hook. */
function routes(store: AppStore, screens: ReturnType<typeof lazyScreens>): RouteObject[] {
  const p = routePatterns;
  const checked = (route: RouteObject & { handle?: RouteHandle }): RouteObject =>
    route.handle ? { ...route, loader: routeChecksLoader(route.handle, store) } : route;

  return [
    { path: p.test, lazy: screens.test },
    { index: true, element: <HomePage /> },
    { path: p.start, lazy: screens.start },
    { path: p.landing, lazy: screens.landing },
    { path: p.uiExamples, lazy: screens.uiExamples },
    // `/examples/studio/<funnelId>` too: the examples screen routes its studio itself, so the
    // router (in every claimant's first download) grows by no route of its own.
    { path: `${p.examples}/*`, lazy: screens.examples },
    { path: p.examplesLogin, lazy: screens.examplesLogin },
    { path: p.login, lazy: screens.login },
    { path: p.register, lazy: screens.register },
    checked({ path: p.account, lazy: screens.account, handle: { middleware: ['auth'] } }),
    checked({
      path: p.yourClaims,
      lazy: screens.yourClaims,
      handle: { middleware: ['auth'] },
    }),
    { path: p.cookies, lazy: screens.cookies },
    { path: p.contact, lazy: screens.contact },
    { path: p.privacy, lazy: screens.privacy },
    { path: p.accessibility, lazy: screens.accessibility },
    { path: p.terms, lazy: screens.terms },
    ...BUILT_IN_STEPS.map((step) => ({
      path: p.builtInStep(step),
      // The built-in steps' paths name no funnel or page: the loader is told which they are.
      lazy: () =>
        screens.formStep().then(({ Component, loader }) => ({
          Component,
          loader:
            loader &&
            ((args: LoaderFunctionArgs) =>
              loader({
                ...args,
                params: { ...args.params, funnelId: BUILT_IN_FUNNEL_ID, pageId: step },
              })),
        })),
      handle: { funnelId: BUILT_IN_FUNNEL_ID, pageId: step },
    })),
    checked({
      path: p.callMotorSpecs,
      lazy: screens.callMotorSpecs,
      handle: { middleware: ['auth'] },
    }),
    { path: p.formPage, lazy: screens.formStep },
    { path: p.claim, lazy: screens.claim },
    { path: p.saveAndReturn, lazy: screens.saveAndReturn },
    { path: p.returnToClaim, lazy: screens.returnToClaim },
    // Signed-in accounts only; the gateway decides who is staff (the screens say when not).
    checked({ path: p.staff, lazy: screens.staffClaims, handle: { middleware: ['auth'] } }),
    checked({ path: p.staffClaim, lazy: screens.staffClaim, handle: { middleware: ['auth'] } }),
    checked({ path: p.staffOutbox, lazy: screens.staffOutbox, handle: { middleware: ['auth'] } }),
    checked({ path: p.staffFunnels, lazy: screens.staffFunnels, handle: { middleware: ['auth'] } }),
    {
      path: '*',
      element: <NotFoundPage />,
      loader: ({ request }) => {
        throw pageNotFound(new URL(request.url).pathname);
      },
    },
  ];
}

/** What the router needs from outside the app, wired by src/main.tsx. */
export interface AppRouterDependencies {
  store: AppStore;
  /** True once a new build was detected: the next navigation becomes a full load. */
  isReloadPending: () => boolean;
  reloadOnChunkFailure: ChunkReloader;
}

export const appBasename = (): string => import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

/** Gives every route the id the router would (its position), so a prerendered page's ids match. */
function withRouteIds(routes: RouteObject[], parentId?: string): RouteObject[] {
  return routes.map((route, index) => {
    const id = parentId === undefined ? String(index) : `${parentId}-${index}`;
    return route.index
      ? { ...route, id }
      : { ...route, id, children: route.children && withRouteIds(route.children, id) };
  });
}

interface AppRouteOptions extends AppRouterDependencies {
  /** The URL being navigated to (for reloading it when its screen's chunk fails to load). */
  navigationTarget: () => string;
  /** The page was prerendered and is being hydrated: its first load has happened. */
  hydrating: boolean;
}

/** The route tree: the browser's router and the build's prerenderer share it. */
export function appRoutes({
  store,
  isReloadPending,
  reloadOnChunkFailure,
  navigationTarget,
  hydrating,
}: AppRouteOptions): RouteObject[] {
  const screens = lazyScreens(store, reloadOnChunkFailure, navigationTarget);
  return withRouteIds([
    {
      element: <DefaultLayout />,
      loader: navigationGateLoader({ basename: appBasename(), isReloadPending, hydrating }),
      hydrateFallbackElement: <p aria-live="polite">Loading…</p>,
      // Run the gate before every navigation, not only the first.
      shouldRevalidate: () => true,
      children: [{ errorElement: <RouteErrorPage />, children: routes(store, screens) }],
    },
  ]);
}

/**
 * What hydrating a prerendered page needs: the screens of its routes loaded (a lazy route
 * would otherwise render the fallback and replace the page) and its loaders' data, which
 * is none (the prerenderer ran them at build time; they redirect or refuse, or return null).
 */
async function prepareHydration(routes: RouteObject[], basename: string): Promise<HydrationState> {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  const loaderData: Record<string, null> = {};
  for (const { route } of matches) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }
    if (route.loader && route.id) loaderData[route.id] = null;
  }
  return { loaderData };
}

/**
 * The browser's router. For a prerendered page (`hydrating`) it resolves once the page's
 * screens have loaded, ready to hydrate what the build rendered.
 */
export async function createAppRouter(
  dependencies: AppRouterDependencies,
  { hydrating }: { hydrating: boolean },
) {
  const basename = appBasename();
  let navigationTarget = () => window.location.pathname + window.location.search;
  const routes = appRoutes({
    ...dependencies,
    navigationTarget: () => navigationTarget(),
    hydrating,
  });
  const hydrationData = hydrating ? await prepareHydration(routes, basename) : undefined;
  const router = createBrowserRouter(routes, { basename, hydrationData });
  // A link to the page the claimant is on does nothing, except scroll to its anchor again.
  ignoreDuplicateNavigation(router, (hash) => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  });
  navigationTarget = () => {
    const location = router.state.navigation.location ?? router.state.location;
    return `${basename === '/' ? '' : basename}${location.pathname}${location.search}`;
  };
  return router;
}
