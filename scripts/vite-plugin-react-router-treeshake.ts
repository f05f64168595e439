/**
 * Lets the build leave out the parts of React Router the app never renders (NavLink, Form,
 * ScrollRestoration, fetcher forms and what only they call). The package's production build
 * makes each component with `React.forwardRef(…)` and then labels it for React's developer
 * tools (`X.displayName = "X"`); neither the call (not marked pure) nor the label (a property
 * write) counts as free of side effects, so every such component, and the hooks it calls,
 * stayed in the first page's `framework` file though no page uses it.
 *
 * Here those calls are marked pure and the labels dropped, in that one file only. A label is
 * read by the developer tools and React's development build alone, never by a production
 * page, so what the app does is the same.
 *
 * It also leaves out what only React Router's other modes run (OTHER_MODES_ONLY): code the
 * app's router never reaches.
 */
import type { Plugin } from 'vite';

/** React Router's production build, the file that holds its components. */
const REACT_ROUTER_PRODUCTION_CHUNK =
  /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

/** `X.displayName = "…";` alone on a line, at the top of the module or in a block. */
const DEVTOOLS_LABEL = /^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm;

/** A component or context made at the top of the module, by React's namespace import. */
const MADE_BY_REACT = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * Code only React Router's other modes run: framework mode (`HydratedRouter`), server
 * components (the RSC routers) and data routers (`RouterProvider`, `createBrowserRouter`…).
 * The app renders its routes in a `HistoryRouter` (and a `StaticRouter` to prerender), so none
 * of their contexts or options is ever set; but each is read by a `Link` or by the route
 * rendering every page does, so their code stayed in the first page's `framework` file:
 * - a `Link`'s `prefetch` works only under `HydratedRouter` (`usePrefetchBehavior` gives no
 *   prefetch without the framework's context, `PrefetchPageLinks` throws without it), and no
 *   link of the app asks for it: route-module and page-link loading, about 1.8 KB gz;
 * - a route's error boundary decodes a server-components error digest (a redirect thrown on
 *   the server) only when `RSCRouterContext` is true, which only the RSC routers set; without
 *   the digest it no longer reads that context: about 0.3 KB;
 * - the data-router options `useRoutes` and the route rendering take (loaders' state, errors,
 *   hydration fallbacks, the error boundary per route) come only from `RouterProvider`, and
 *   so does a route marked as a data route, whose `useNavigate` is the data router's: about
 *   1.3 KB with the error boundary, which nothing else renders.
 * eslint.rooms.js refuses the data routers in src/ (`dataRouters`), so none comes in unnoticed.
 * A rewrite that no longer finds its text fails the build: an upgrade of React Router that
 * changes one is looked at, rather than silently bringing the code back or cutting the wrong
 * line.
 */
const OTHER_MODES_ONLY: readonly { find: RegExp; replace: string }[] = [
  {
    find: /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
    replace: 'let prefetchRef = null, prefetchHandlers = {};',
  },
  {
    find: /return shouldPrefetch && !isAbsolute \? (?=[^\n]*PrefetchPageLinks)/,
    replace: 'return false ? ',
  },
  {
    find: /if \(this\.context && (?=typeof error === "object" && error && "digest" in error)/,
    replace: 'if (false && ',
  },
  {
    find: /if \(this\.context\) \{(?=\s*return \/\* @__PURE__ \*\/ React\d*\.createElement\(RSCErrorHandler)/,
    replace: 'if (false) {',
  },
  {
    find: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/m,
    replace: '',
  },
  {
    find: /function useRoutesImpl\(routes, locationArg, dataRouterOpts\) \{/,
    replace: 'function useRoutesImpl(routes, locationArg) {\n  const dataRouterOpts = void 0;',
  },
  {
    find: /function _renderMatches\(matches, parentMatches = \[\], dataRouterOpts\) \{\n\s*let dataRouterState = dataRouterOpts\?\.state;/,
    replace:
      'function _renderMatches(matches, parentMatches = []) {\n  const dataRouterOpts = void 0, dataRouterState = void 0;',
  },
  {
    find: /return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);/,
    replace: 'return useNavigateUnstable();',
  },
];

/** The production chunk with what OTHER_MODES_ONLY names left out; throws if one is not there. */
function withoutOtherModesCode(code: string, id: string): string {
  // Only the chunk that defines Link holds them (the package has a chunk per entry point).
  if (!/^var Link = /m.test(code)) return code;
  return OTHER_MODES_ONLY.reduce((text, { find, replace }) => {
    if (!find.test(text)) {
      throw new Error(`react-router-treeshake: ${find} is no longer in ${id}; check the rewrite`);
    }
    return text.replace(find, replace);
  }, code);
}

export function reactRouterTreeshakePlugin(): Plugin {
  return {
    name: 'vehicle-claims:react-router-treeshake',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_PRODUCTION_CHUNK },
      handler(code, id) {
        return {
          code: withoutOtherModesCode(code, id)
            .replace(DEVTOOLS_LABEL, '')
            .replace(MADE_BY_REACT, '= /* @__PURE__ */ $1'),
          map: null,
        };
      },
    },
  };
}
