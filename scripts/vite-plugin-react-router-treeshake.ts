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
 */
import type { Plugin } from 'vite';

/** React Router's production build, the file that holds its components. */
const REACT_ROUTER_PRODUCTION_CHUNK =
  /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

/** `X.displayName = "…";` alone on a line, at the top of the module or in a block. */
const DEVTOOLS_LABEL = /^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm;

/** A component or context made at the top of the module, by React's namespace import. */
const MADE_BY_REACT = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

export function reactRouterTreeshakePlugin(): Plugin {
  return {
    name: 'vehicle-claims:react-router-treeshake',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_PRODUCTION_CHUNK },
      handler(code) {
        return {
          code: code.replace(DEVTOOLS_LABEL, '').replace(MADE_BY_REACT, '= /* @__PURE__ */ $1'),
          map: null,
        };
      },
    },
  };
}
