import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { funnelProblems, funnelRegistry } from '../../../funnelRegistry';
import { paths } from '../../../paths';
import { usePageTitle } from '../../../usePageTitle';
import { PagePreview } from '../PagePreview';
import { FunnelDiagramSection, PagePicker } from './StudioSections';
import { VersionHistory } from './VersionHistory';
import { MessageSentence } from '../../../ui/MessageSentence';
import { studioText } from './studioText';
import './studio.css';

// The editor (CodeMirror, the checker) exists only under the dev server: a build has no file
// to save to, and leaves the editor's code out altogether.
const StudioEditor = import.meta.env.DEV
  ? lazy(() => import('./StudioEditor').then((m) => ({ default: m.StudioEditor })))
  : null;

/**
 * The funnel studio (`/examples/studio/<funnelId>`), a developer page: the funnel's diagram,
 * a live preview of any page, and, under the dev server, an editor beside that preview.
 */
export function FunnelStudioPage({ funnelId }: { funnelId: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const registry = funnelRegistry();
  const funnel = registry.getFunnel(funnelId);
  const pageId = params.get('page') ?? funnel?.pages[0]?.pageId ?? '';
  usePageTitle(
    funnel
      ? studioText('studio.title', { funnelTitle: funnel.title })
      : studioText('studio.titleWithoutFunnel'),
  );

  // A box in the diagram links to "#preview": the router changes the page without scrolling,
  // so the preview's heading is brought into view and given focus (a keyboard user lands there).
  useEffect(() => {
    if (location.hash !== '#preview') return;
    const heading = document.getElementById('preview');
    heading?.scrollIntoView();
    heading?.focus({ preventScroll: true });
  }, [location.hash, pageId]);

  // A funnel left out for its problems opens in the editor (dev server only), so its owner
  // can fix it there: the diagram and preview follow once it has none.
  if (!funnel && StudioEditor && funnelProblems(funnelId).length > 0) {
    return (
      <div className="studio">
        <StudioHeading
          funnelId={funnelId}
          title={funnelId}
          tag={studioText('studio.hasProblems')}
        />
        <Suspense fallback={<p aria-live="polite">{studioText('studio.loadingEditor')}</p>}>
          <StudioEditor funnelId={funnelId} pageId={pageId} />
        </Suspense>
      </div>
    );
  }
  if (!funnel) {
    return (
      <>
        <h1>{studioText('notFound.title')}</h1>
        <p>
          <MessageSentence
            say={studioText}
            message="notFound.noSuchFunnel"
            values={{ funnelId }}
            slots={{
              indexLink: <Link to={paths.examples()}>{studioText('notFound.indexLink')}</Link>,
            }}
          />
        </p>
      </>
    );
  }
  return (
    <div className="studio">
      <StudioHeading
        funnelId={funnel.funnelId}
        title={funnel.title}
        tag={studioText('studio.version', { version: funnel.version })}
        pageCount={funnel.pages.length}
      />
      {StudioEditor ? (
        <Suspense fallback={<p aria-live="polite">{studioText('studio.loadingEditor')}</p>}>
          <StudioEditor funnelId={funnel.funnelId} pageId={pageId} />
        </Suspense>
      ) : (
        <>
          <FunnelDiagramSection registry={registry} funnel={funnel} selectedPageId={pageId} />
          <section aria-labelledby="preview" className="studio-preview">
            <h2 id="preview" tabIndex={-1}>
              {studioText('studio.preview')}
            </h2>
            <PagePicker funnel={funnel} selectedPageId={pageId} />
            <div className="narrow">
              <PagePreview registry={registry} funnel={funnel} pageId={pageId} headingLevel={3} />
            </div>
          </section>
          <VersionHistory registry={registry} funnel={funnel} />
        </>
      )}
    </div>
  );
}

/** The studio's back link, heading and the funnel's id and file, for a good or broken funnel. */
function StudioHeading({
  funnelId,
  title,
  tag,
  pageCount,
}: {
  funnelId: string;
  title: string;
  tag: string;
  /** Known only for a funnel that loaded. */
  pageCount?: number;
}) {
  return (
    <>
      <Link className="back-link" to={paths.examples()}>
        {studioText('studio.allFunnels')}
      </Link>
      <h1>
        <span className="caption">{studioText('studio.caption')}</span>
        {title} <span className="tag">{tag}</span>
      </h1>
      <p>
        <MessageSentence
          say={studioText}
          message={pageCount === undefined ? 'studio.file' : 'studio.fileAndPages'}
          values={pageCount === undefined ? {} : { pageCount }}
          slots={{
            funnelId: <code>{funnelId}</code>,
            file: <code>{`funnels/${funnelId}.json`}</code>,
          }}
        />
      </p>
    </>
  );
}
