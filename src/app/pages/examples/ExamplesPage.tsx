import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { funnelRegistry } from '../../funnelRegistry';
import { PagePreview } from './PagePreview';
import { funnelStudioPath, studioFunnelIdOf } from './studio/studioPaths';

const FunnelStudioPage = lazy(() =>
  import('./studio/FunnelStudioPage').then((m) => ({ default: m.FunnelStudioPage })),
);
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';

/**
 * For product owners: every funnel and page, each openable in a preview that validates
 * like the real form but saves nothing, so a JSON change can be seen at once.
 */
export function ExamplesPage() {
  const [params] = useSearchParams();
  const rest = useParams()['*'] ?? '';
  if (rest) {
    const studioFunnelId = studioFunnelIdOf(rest);
    // Not the app's NotFoundPage: importing it here would split it out of the first page's
    // bundle into a chunk of its own, one more request for every claimant.
    if (studioFunnelId === undefined) return <ExamplesNotFound />;
    return (
      <Suspense fallback={<p aria-live="polite">Loading the funnel studio…</p>}>
        <FunnelStudioPage funnelId={studioFunnelId} />
      </Suspense>
    );
  }
  const funnelId = params.get('funnel');
  const pageId = params.get('page');
  if (funnelId && pageId) return <PreviewPage funnelId={funnelId} pageId={pageId} />;
  return <FunnelIndex />;
}

function ExamplesNotFound() {
  usePageTitle('Page Not Found');
  return (
    <>
      <h1>Page Not Found</h1>
      <p>
        There is no such developer page. <Link to={paths.examples()}>See all funnels</Link>.
      </p>
    </>
  );
}

function FunnelIndex() {
  usePageTitle('Funnel examples');
  const funnels = funnelRegistry().listFunnels();
  return (
    <>
      <h1>Funnel examples</h1>
      <p className="lead">
        Every funnel in <code>funnels/</code>. Open a page to preview it: nothing you enter in a
        preview is saved.
      </p>
      {funnels.map((funnel) => (
        <section key={funnel.funnelId} aria-labelledby={`funnel-${funnel.funnelId}`}>
          <h2 id={`funnel-${funnel.funnelId}`}>
            {funnel.title} <span className="tag">version {funnel.version}</span>
          </h2>
          <p>
            Funnel id <code>{funnel.funnelId}</code>, {funnel.pages.length} pages.{' '}
            <Link to={funnelStudioPath(funnel.funnelId)}>
              Open {funnel.title} in the funnel studio
            </Link>
            : its diagram, live previews, versions{import.meta.env.DEV ? ' and editor' : ''}.
          </p>
          <ol className="list list--number">
            {funnel.pages.map((page) => (
              <li key={page.pageId}>
                <Link to={paths.previewPage(funnel.funnelId, page.pageId)}>{page.title}</Link>{' '}
                <span className="caption" style={{ display: 'inline' }}>
                  ({page.pageId}, schema {page.schema}
                  {page.kind && page.kind !== 'form' ? `, ${page.kind}` : ''})
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function PreviewPage({ funnelId, pageId }: { funnelId: string; pageId: string }) {
  const registry = funnelRegistry();
  const funnel = registry.getFunnel(funnelId);
  const page = registry.getPage(funnelId, pageId);
  usePageTitle(page ? `Preview: ${page.title}` : 'Preview');
  if (!funnel || !page) {
    return (
      <>
        <h1>Page Not Found</h1>
        <p>
          There is no page {pageId} in funnel {funnelId}.{' '}
          <Link to={paths.examples()}>See all funnels</Link>.
        </p>
      </>
    );
  }
  return (
    <div className="narrow">
      <Link className="back-link" to={paths.examples()}>
        All funnels
      </Link>
      <PagePreview registry={registry} funnel={funnel} pageId={pageId} />
    </div>
  );
}
