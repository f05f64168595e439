/**
 * The build's prerenderer (run by scripts/vite-plugin-prerender.ts, never shipped to the
 * browser): the first page of every funnel rendered with react-dom's server renderer, from
 * the funnel JSON, by the same routes and components the browser hydrates. The question,
 * the header and the footer paint before any JavaScript has loaded.
 */
import { Provider } from 'react-redux';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createAppStore } from '../store';
import { parseRouteRules, resolveRouteRuleRedirect } from '../runtime/web';
import routeRulesFile from './routeRules.json';
import { AppRoutes, appBasename, appRoutes, type ChunkReloader } from './router';
import { funnelRegistry } from './funnelRegistry';
import { pageUrl } from './form/pageUrl';
import { preloadForms } from './form/formsOnDemand';
import { stepTitle } from './form/FormStepRoute';
import { documentTitleOf } from './ui/documentTitle';
import { notFoundTitle } from './pages/site/NotFoundPage';

export interface PrerenderedPage {
  /** The in-app path, such as `/form/start/`. */
  path: string;
  /**
   * The funnel it is the first page of, and the version drawn (a returning claimant's may
   * differ); absent for the Not Found page, which is no funnel's.
   */
  firstPageOf?: { funnelId: string; version: number };
  /** The document title the page sets once it runs. */
  title: string;
  /** The markup of the app's root element. */
  html: string;
}

/** The first page of every funnel, as opened before a session exists (no owner in the URL). */
export function firstPagePaths(): Omit<PrerenderedPage, 'html'>[] {
  const registry = funnelRegistry();
  const { rules } = parseRouteRules(routeRulesFile);
  return registry.listFunnels().flatMap((funnel) => {
    const funnelId = funnel.funnelId;
    const page = funnel.pages[0];
    if (!page) return [];
    const path = pageUrl(funnelId, page.pageId);
    // A route rule sends this address elsewhere: there is no page to prerender.
    if (resolveRouteRuleRedirect(path, rules, 'http://localhost')) return [];
    const title = documentTitleOf(stepTitle(funnel, page));
    return [{ path, firstPageOf: { funnelId, version: funnel.version }, title }];
  });
}

const noReload: ChunkReloader = (importer) => importer;

/** Renders one page of the app as the browser's first render (before hydration) draws it. */
export async function prerenderPath(path: string): Promise<string> {
  const basename = appBasename();
  const store = createAppStore();
  const routes = appRoutes({ store, reloadOnChunkFailure: noReload });
  const location = `${basename === '/' ? '' : basename}${path}`;
  // A screen that throws fails the build, rather than prerendering a fallback.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <Provider store={store}>
      <StaticRouter location={location} basename={basename}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </Provider>,
    { onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw new Error(`${path} failed to render`, { cause: errors[0] });
  return html;
}

/** An address no route serves: it draws the app's Not Found page. */
const NOT_FOUND_PATH = '/404';

/**
 * The app's Not Found page as Firebase Hosting and `vite preview` serve it, with HTTP 404, at
 * every path the app does not serve (dist/404.html). Its `path` is the address it was drawn
 * at, not one a visitor opens.
 */
export async function prerenderNotFoundPage(): Promise<PrerenderedPage> {
  return {
    path: NOT_FOUND_PATH,
    title: documentTitleOf(notFoundTitle()),
    html: await prerenderPath(NOT_FOUND_PATH),
  };
}

/** Every funnel's first page, rendered. */
export async function prerenderFirstPages(): Promise<PrerenderedPage[]> {
  // A first page RJSF draws (a product owner's choice question, say) is in the HTML too: its
  // form is loaded before rendering, as the browser loads it before hydrating such a page.
  await preloadForms();
  const pages: PrerenderedPage[] = [];
  for (const first of firstPagePaths()) {
    pages.push({ ...first, html: await prerenderPath(first.path) });
  }
  return pages;
}
