import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { AppStore } from '../store';
import { DefaultLayout } from './layout/DefaultLayout';
import { RouteErrorPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { pageNotFound, routeChecksLoader, type RouteHandle } from './routing/routeChecks';
import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from './builtInFunnel';

/** A screen loaded on demand, so the first page a claimant opens ships only what it needs. */
type LazyScreen = () => Promise<{ Component: React.ComponentType }>;

const screens = {
  start: () => import('./pages/StartPage').then((m) => ({ Component: m.StartPage })),
  landing: () => import('./pages/LandingPage').then((m) => ({ Component: m.LandingPage })),
  test: () => import('./pages/TestPage').then((m) => ({ Component: m.TestPage })),
  uiExamples: () => import('./pages/UiExamplesPage').then((m) => ({ Component: m.UiExamplesPage })),
  examples: () => import('./pages/ExamplesPage').then((m) => ({ Component: m.ExamplesPage })),
  examplesLogin: () =>
    import('./pages/ExamplesLoginPage').then((m) => ({ Component: m.ExamplesLoginPage })),
  login: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  callMotorSpecs: () =>
    import('./pages/CallMotorSpecsPage').then((m) => ({ Component: m.CallMotorSpecsPage })),
  formStep: () => import('./form/FormStepRoute').then((m) => ({ Component: m.FormStepRoute })),
} satisfies Record<string, LazyScreen>;

/** The spec's route table (section 2), with each route's optional guards and validation hook. */
function routes(store: AppStore): RouteObject[] {
  const checked = (route: RouteObject & { handle?: RouteHandle }): RouteObject =>
    route.handle ? { ...route, loader: routeChecksLoader(route.handle, store) } : route;

  return [
    { path: '/test', lazy: screens.test },
    { index: true, element: <HomePage /> },
    { path: '/start', lazy: screens.start },
    { path: '/LandingPage', lazy: screens.landing },
    { path: '/ui-examples', lazy: screens.uiExamples },
    { path: '/examples', lazy: screens.examples },
    { path: '/examples/login', lazy: screens.examplesLogin },
    { path: '/login', lazy: screens.login },
    ...BUILT_IN_STEPS.map((step) => ({
      path: `/form/${step}/:id?`,
      lazy: screens.formStep,
      handle: { funnelId: BUILT_IN_FUNNEL_ID, pageId: step },
    })),
    checked({
      path: '/examples/callMotorSpecs',
      lazy: screens.callMotorSpecs,
      handle: { middleware: ['auth'] },
    }),
    { path: '/form/:funnelId/:pageId/:userId', lazy: screens.formStep },
    {
      path: '*',
      element: <NotFoundPage />,
      loader: ({ request }) => {
        throw pageNotFound(new URL(request.url).pathname);
      },
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(
    [
      {
        element: <DefaultLayout />,
        children: [{ errorElement: <RouteErrorPage />, children: routes(store) }],
      },
    ],
    { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' },
  );
}
