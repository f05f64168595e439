import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams, type Location, type Params } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store';
import { paths } from '../paths';
import { NotFoundPage } from '../pages/site/NotFoundPage';

/** Where a guard is asked about: the address being opened and the state of the app. */
export interface GuardContext {
  location: Pick<Location, 'pathname' | 'search'>;
  state: Pick<RootState, 'auth'>;
}

/** A guard's answer: let the screen show, wait (the session is starting), or go elsewhere. */
type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

type RouteGuard = (context: GuardContext) => GuardDecision;

/** What a route may declare: named guards and a validation hook. */
export interface RouteHandle {
  middleware?: string[];
  /** False makes the address a 404, such as a parameter that names nothing. */
  validate?: (params: Readonly<Params>) => boolean;
}

/** Named guards a route may list in `middleware`. */
const routeGuards: Record<string, RouteGuard> = {
  /** Registered users only: anonymous or signed-out visitors go to /login and come back. */
  auth({ location, state }) {
    if (state.auth.status !== 'initialised') return { kind: 'wait' };
    const user = state.auth.user;
    if (user && !user.isAnonymous) return { kind: 'allow' };
    return { kind: 'redirect', to: paths.login(location.pathname + location.search) };
  },
};

/**
 * Runs a route's guards in order; the first that does not allow decides.
 * @throws Error 'Unknown route middleware: {name}' for a guard name with no guard: a
 * programming error, shown as the error page.
 */
export function decideRouteChecks(
  middleware: readonly string[],
  context: GuardContext,
): GuardDecision {
  for (const name of middleware) {
    const guard = routeGuards[name];
    if (!guard) throw new Error(`Unknown route middleware: ${name}`);
    const decision = guard(context);
    if (decision.kind !== 'allow') return decision;
  }
  return { kind: 'allow' };
}

/** A route's screen behind its guards and validation hook. */
export function RouteChecks({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  const location = useLocation();
  const params = useParams();
  const auth = useAppSelector((state) => state.auth);
  const decision = decideRouteChecks(handle.middleware ?? [], { location, state: { auth } });
  if (decision.kind === 'wait') return <p aria-live="polite">Loading…</p>;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (handle.validate && handle.validate(params) !== true) return <NotFoundPage />;
  return children;
}
