/**
 * Route rules (`src/app/routeRules.json`, and each build's manifest): old or campaign paths
 * redirected elsewhere. Every navigation applies them, so they are apart from the build
 * manifest's parsing (buildManifest.ts), which only the build watching needs.
 */

/** A route rule: for now only a redirect; the target is an app path or an absolute URL. */
export interface RouteRule {
  redirect: string;
}

/** Route rules by exact app path (without the router's base path), e.g. `/claim`. */
export type RouteRules = Record<string, RouteRule>;

/** Where a route rule sends a path. `external` targets need a full page load. */
interface RouteRuleRedirect {
  to: string;
  external: boolean;
}

/** True for a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads route rules from untrusted JSON. Valid rules are kept; each invalid one is named in
 * `problems`, which the build treats as fatal and the browser simply ignores.
 */
export function parseRouteRules(value: unknown): { rules: RouteRules; problems: string[] } {
  const rules: RouteRules = {};
  const problems: string[] = [];
  if (!isRecord(value)) return { rules, problems: ['route rules must be an object'] };
  for (const [path, rule] of Object.entries(value)) {
    if (!path.startsWith('/')) {
      problems.push(`route rule "${path}": path must start with "/"`);
    } else if (!isRecord(rule) || typeof rule.redirect !== 'string' || rule.redirect === '') {
      problems.push(`route rule "${path}": needs a non-empty string "redirect"`);
    } else {
      rules[path] = { redirect: rule.redirect };
    }
  }
  return { rules, problems };
}

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Where the route rules send `path` (an app path, may carry `?query` and `#hash`), or null.
 *
 * Rules match the path exactly, ignoring one trailing slash. An absolute target whose origin
 * differs from `currentOrigin` (or any absolute target when no origin is given) is external:
 * the caller must do a full page load. Internal targets without their own query or hash
 * inherit the original ones, so an old campaign link keeps its utm parameters.
 */
export function resolveRouteRuleRedirect(
  path: string,
  routeRules: RouteRules,
  currentOrigin?: string,
): RouteRuleRedirect | null {
  const split = path.search(/[?#]/);
  const pathname = split === -1 ? path : path.slice(0, split);
  const suffix = split === -1 ? '' : path.slice(split);
  const rule = Object.hasOwn(routeRules, pathname)
    ? routeRules[pathname]
    : routeRules[toggleTrailingSlash(pathname)];
  if (!rule) return null;

  let target = rule.redirect;
  if (ABSOLUTE_URL.test(target)) {
    // Never forward the claimant's query to another site: it is not ours to share.
    if (!currentOrigin) return { to: target, external: true };
    let url: URL;
    try {
      url = new URL(target, currentOrigin);
    } catch {
      return null;
    }
    if (url.origin !== currentOrigin) return { to: target, external: true };
    target = url.pathname + url.search + url.hash;
  }
  const to = /[?#]/.test(target) ? target : target + suffix;
  // A rule pointing at itself would loop; treat it as no rule.
  return to === path ? null : { to, external: false };
}

function toggleTrailingSlash(pathname: string): string {
  if (pathname === '/') return pathname;
  return pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
}
