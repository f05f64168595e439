/**
 * A regular expression source matching every path of a list of route patterns (React
 * Router's shape: `/form/:funnelId/:pageId/:userId?`, `/examples/*`), with or without a
 * trailing slash. It is written in the common subset of JavaScript and RE2 (Firebase
 * Hosting's `regex` rewrites), so the app's servers and the hosting answer 404 for the same
 * paths.
 */
export function pathPatternsRegexSource(patterns: readonly string[]): string {
  const alternatives = patterns.map((pattern) =>
    pattern
      .replace(/\/+$/, '')
      .split('/')
      .slice(1)
      .map((segment) => {
        if (segment === '*') return '(?:/.*)?';
        if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
        return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      })
      .join(''),
  );
  return `^(?:${[...new Set(alternatives)].join('|')})/?$`;
}

/** Whether `pathname` (without query or base path) is one of `patterns`' paths. */
export function matchesPathPatterns(pathname: string, patterns: readonly string[]): boolean {
  return new RegExp(pathPatternsRegexSource(patterns)).test(pathname);
}
