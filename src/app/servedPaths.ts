import routeRulesFile from './routeRules.json';
import { BUILT_IN_STEPS } from './builtInFunnel';
import { routePatterns } from './paths';

/**
 * Every path the app draws a page of (the router's routes, and the route rules' addresses,
 * which the app redirects), as route patterns. The local servers and Firebase Hosting
 * (firebase.json) serve the app at these with 200 and its Not Found page at any other path
 * with 404, so a mistyped address is a 404 to a browser and to a crawler alike.
 */
export const servedPathPatterns: readonly string[] = [
  ...Object.values(routePatterns).flatMap((pattern) =>
    typeof pattern === 'function' ? BUILT_IN_STEPS.map((step) => pattern(step)) : [pattern],
  ),
  // The examples screen routes its own sub-pages (the studio).
  `${routePatterns.examples}/*`,
  ...Object.keys(routeRulesFile),
];
