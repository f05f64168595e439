import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { parseRouteRules, resolveRouteRuleRedirect } from '../../runtime/web';
import routeRulesFile from '../routeRules.json';

const { rules: routeRules } = parseRouteRules(routeRulesFile);

/** A promise that never settles: the page is being replaced by a full load. */
function fullLoad(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise(() => {});
}

export interface NavigationGateOptions {
  basename: string;
  /** True once a newer build was seen: the next navigation becomes a full page load. */
  isReloadPending: () => boolean;
  /** A prerendered page is being hydrated: its first load was the build's, the gate's next run is not. */
  hydrating?: boolean;
}

/**
 * The root route's loader, run before every navigation (the root route always revalidates):
 * route-rule redirects first (an external target is a full page load, spec section 2),
 * then, when a new build was detected, a full load of the target so the claimant gets the
 * new funnels between steps, never mid-typing.
 */
export function navigationGateLoader({
  basename,
  isReloadPending,
  hydrating = false,
}: NavigationGateOptions) {
  let firstLoad = !hydrating;
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const inAppPath = url.pathname.slice(basename === '/' ? 0 : basename.length) || '/';
    const ruleRedirect = resolveRouteRuleRedirect(
      inAppPath + url.search + url.hash,
      routeRules,
      url.origin, // the page's own origin (also when the build prerenders it)
    );
    const wasFirstLoad = firstLoad;
    firstLoad = false;
    if (ruleRedirect) {
      return ruleRedirect.external ? fullLoad(ruleRedirect.to) : redirect(ruleRedirect.to);
    }
    if (!wasFirstLoad && isReloadPending()) return fullLoad(url.href);
    return null;
  };
}
