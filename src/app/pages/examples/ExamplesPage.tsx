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
import { MessageSentence } from '../../ui/MessageSentence';
import { examplesText } from './examplesText';

/** The folder the index lists, named in its introduction: a path, the same in every language. */
const FUNNELS_FOLDER = 'funnels/';

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
      <Suspense fallback={<p aria-live="polite">{examplesText('index.loadingStudio')}</p>}>
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
  usePageTitle(examplesText('notFound.title'));
  return (
    <>
      <h1>{examplesText('notFound.title')}</h1>
      <p>
        <MessageSentence
          say={examplesText}
          message="notFound.noSuchPage"
          slots={{ indexLink: <IndexLink /> }}
        />
      </p>
    </>
  );
}

function FunnelIndex() {
  usePageTitle(examplesText('index.title'));
  const funnels = funnelRegistry().listFunnels();
  return (
    <>
      <h1>{examplesText('index.title')}</h1>
      <p className="lead">
        <MessageSentence
          say={examplesText}
          message="index.intro"
          slots={{ folder: <code>{FUNNELS_FOLDER}</code> }}
        />
      </p>
      {funnels.map((funnel) => (
        <section key={funnel.funnelId} aria-labelledby={`funnel-${funnel.funnelId}`}>
          <h2 id={`funnel-${funnel.funnelId}`}>
            {funnel.title}{' '}
            <span className="tag">
              {examplesText('index.version', { version: funnel.version })}
            </span>
          </h2>
          <p>
            <MessageSentence
              say={examplesText}
              message="index.funnel"
              values={{
                pageCount: funnel.pages.length,
                withEditor: import.meta.env.DEV ? 'yes' : 'no',
              }}
              slots={{
                funnelId: <code>{funnel.funnelId}</code>,
                studioLink: (
                  <Link to={funnelStudioPath(funnel.funnelId)}>
                    {examplesText('index.studioLink', { funnelTitle: funnel.title })}
                  </Link>
                ),
              }}
            />
          </p>
          <ol className="list list--number">
            {funnel.pages.map((page) => (
              <li key={page.pageId}>
                <Link to={paths.previewPage(funnel.funnelId, page.pageId)}>{page.title}</Link>{' '}
                <span className="caption" style={{ display: 'inline' }}>
                  {page.kind && page.kind !== 'form'
                    ? examplesText('index.pageOfKind', {
                        pageId: page.pageId,
                        schema: page.schema,
                        kind: page.kind,
                      })
                    : examplesText('index.page', { pageId: page.pageId, schema: page.schema })}
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
  usePageTitle(
    page
      ? examplesText('preview.title', { pageTitle: page.title })
      : examplesText('preview.titleWithoutPage'),
  );
  if (!funnel || !page) {
    return (
      <>
        <h1>{examplesText('notFound.title')}</h1>
        <p>
          <MessageSentence
            say={examplesText}
            message="preview.notFound"
            values={{ pageId, funnelId }}
            slots={{ indexLink: <IndexLink /> }}
          />
        </p>
      </>
    );
  }
  return (
    <div className="narrow">
      <Link className="back-link" to={paths.examples()}>
        {examplesText('preview.allFunnels')}
      </Link>
      <PagePreview registry={registry} funnel={funnel} pageId={pageId} />
    </div>
  );
}

/** The link back to the index, inside a Not Found sentence. */
function IndexLink() {
  return <Link to={paths.examples()}>{examplesText('notFound.indexLink')}</Link>;
}
