/** A route rule: for now only a redirect; the target is an app path or an absolute URL. */
export interface RouteRule {
  redirect: string;
}

/** Route rules by exact app path (without the router's base path), e.g. `/claim`. */
export type RouteRules = Record<string, RouteRule>;

/** `builds/latest.json`: which build is deployed now. */
export interface LatestBuild {
  id: string;
  /** When the build was made, epoch ms. */
  timestamp: number;
}

/** `builds/meta/<buildId>.json`: one build's app manifest (scripts/vite-plugin-build-manifest.ts). */
export interface BuildManifest extends LatestBuild {
  routeRules: RouteRules;
  prerendered: string[];
}

/** Where a route rule sends a path. `external` targets need a full page load. */
export interface RouteRuleRedirect {
  to: string;
  external: boolean;
}

/** Path of the latest-build file, relative to the app's base URL. */
export const LATEST_BUILD_PATH = 'builds/latest.json';

/** Path of one build's manifest, relative to the app's base URL. */
export function buildMetaPath(buildId: string): string {
  return `builds/meta/${encodeURIComponent(buildId)}.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
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

/** Reads `builds/latest.json` as fetched; null when it is not a latest-build record. */
export function parseLatestBuild(value: unknown): LatestBuild | null {
  if (!isRecord(value)) return null;
  const { id, timestamp } = value;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  return { id, timestamp };
}

/** Reads a fetched build manifest; null when it is not one. Invalid route rules are dropped. */
export function parseBuildManifest(value: unknown): BuildManifest | null {
  const latest = parseLatestBuild(value);
  if (!latest || !isRecord(value)) return null;
  const prerendered = Array.isArray(value.prerendered)
    ? value.prerendered.filter((path): path is string => typeof path === 'string')
    : [];
  return { ...latest, routeRules: parseRouteRules(value.routeRules).rules, prerendered };
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
