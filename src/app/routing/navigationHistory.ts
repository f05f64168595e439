import {
  createPath,
  parsePath,
  type Path,
  type To,
  type HistoryRouterProps,
} from 'react-router-dom';
import { resolveRouteRuleRedirect, type RouteRules } from '../../runtime/web';

/** The history the app's router reads and navigates with (React Router's own interface). */
export type AppHistory = HistoryRouterProps['history'];

export interface NavigationRules {
  /** The app's base path (`/` at the site root). */
  basename: string;
  /** Redirects applied before every navigation (src/app/routeRules.json). */
  routeRules: RouteRules;
  /** The page's own origin: a rule target on another origin is a full page load. */
  origin: string;
  /** True once a newer build was seen: the next navigation becomes a full page load. */
  isReloadPending: () => boolean;
}

/** What a navigation becomes once the rules have had their say. */
type NavigationDecision =
  { kind: 'go'; to: To } | { kind: 'ignore'; hash: string } | { kind: 'full-load'; url: string };

/**
 * True when `to` names exactly `where` (path, query and hash). Only absolute targets are
 * compared: a relative one is resolved by the router, so it is let through.
 */
export function isSameLocation(where: Pick<Path, 'pathname' | 'search' | 'hash'>, to: To): boolean {
  const target = typeof to === 'string' ? parsePath(to) : to;
  if (!target.pathname?.startsWith('/')) return false;
  const normal = (part: string | undefined, mark: string) => (part === mark ? '' : (part ?? ''));
  return (
    target.pathname === where.pathname &&
    normal(target.search, '?') === normal(where.search, '?') &&
    normal(target.hash, '#') === normal(where.hash, '#')
  );
}

function inAppPath(path: string, basename: string): string | null {
  if (basename === '/') return path;
  if (path === basename || path.startsWith(`${basename}/`) || path.startsWith(`${basename}?`)) {
    return path.slice(basename.length) || '/';
  }
  return null;
}

/**
 * A route-rule redirect of `to`, if one applies: a full load for another site, else the rule's
 * in-app target under the base path.
 */
function routeRuleTarget(
  to: To,
  rules: NavigationRules,
): Exclude<NavigationDecision, { kind: 'ignore' }> | null {
  const path = typeof to === 'string' ? to : createPath(to);
  const inApp = inAppPath(path, rules.basename);
  if (inApp === null || !inApp.startsWith('/')) return null;
  const redirect = resolveRouteRuleRedirect(inApp, rules.routeRules, rules.origin);
  if (!redirect) return null;
  if (redirect.external) return { kind: 'full-load', url: redirect.to };
  return { kind: 'go', to: (rules.basename === '/' ? '' : rules.basename) + redirect.to };
}

/**
 * Decides a push or replace before the router sees it:
 * a link to where the claimant already is does nothing (React Router would otherwise add or
 * replace a history entry and reset the scroll); route-rule redirects apply before the
 * navigation; and once a new build was seen, the navigation is a full load of its target,
 * so the claimant gets the new funnels between steps, never mid-typing. New history state
 * is a real change even to the same URL.
 */
function decideNavigation(
  current: Pick<Path, 'pathname' | 'search' | 'hash'>,
  to: To,
  carriesState: boolean,
  rules: NavigationRules,
): NavigationDecision {
  if (!carriesState && isSameLocation(current, to)) return { kind: 'ignore', hash: current.hash };
  const redirected = routeRuleTarget(to, rules);
  if (redirected?.kind === 'full-load') return redirected;
  const target = redirected?.to ?? to;
  if (rules.isReloadPending()) {
    return { kind: 'full-load', url: typeof target === 'string' ? target : createPath(target) };
  }
  return { kind: 'go', to: target };
}

/** What the browser does for the navigation history (injected, so it tests without one). */
interface NavigationEffects {
  /** A full page load of `url` (a new history entry). */
  assign: (url: string) => void;
  /** A full load of the page the browser is now on (after Back or Forward). */
  reload: () => void;
  /** A link to the current page was followed: `hash` is its anchor ('' for none). */
  onDuplicate: (hash: string) => void;
}

/**
 * Wraps the browser's history with decideNavigation: every push and replace goes through it,
 * and Back or Forward after a new build was seen reloads the page it lands on.
 */
export function createNavigationHistory(
  base: AppHistory,
  rules: NavigationRules,
  effects: NavigationEffects,
): AppHistory {
  const navigate =
    (move: 'push' | 'replace') =>
    (to: To, state?: unknown): void => {
      const decision = decideNavigation(base.location, to, state != null, rules);
      if (decision.kind === 'ignore') effects.onDuplicate(decision.hash);
      else if (decision.kind === 'full-load') effects.assign(decision.url);
      else base[move](decision.to, state);
    };
  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: navigate('push'),
    replace: navigate('replace'),
    go: (delta) => base.go(delta),
    listen: (listener) =>
      base.listen((update) => {
        if (update.action === 'POP' && rules.isReloadPending()) effects.reload();
        else listener(update);
      }),
  };
}

/**
 * Applies a route rule to the address the app was opened at (before its first render): an
 * internal target replaces it, another site's is a full load.
 * @returns false when the page is being replaced by a full load.
 */
export function applyRouteRuleOnArrival(
  history: AppHistory,
  rules: NavigationRules,
  effects: Pick<NavigationEffects, 'assign'>,
): boolean {
  const redirect = routeRuleTarget(history.location, rules);
  if (!redirect) return true;
  if (redirect.kind === 'full-load') {
    effects.assign(redirect.url);
    return false;
  }
  history.replace(redirect.to);
  return true;
}
