import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Funnel, FunnelRegistry } from '../../../../runtime/funnel';
import { funnelDiagram } from '../../../../runtime/studio';
import { FunnelDiagramView } from './FunnelDiagramView';
import { studioText } from './studioText';

/** A funnel's diagram in words and boxes, drawn from the given registry's JSON. */
export function FunnelDiagramSection({
  registry,
  funnel,
  selectedPageId,
}: {
  registry: FunnelRegistry;
  funnel: Funnel;
  selectedPageId: string;
}) {
  const diagram = useMemo(
    () => funnelDiagram(funnel, { pageSchema: (id) => registry.bundlePageSchema(id) }),
    [funnel, registry],
  );
  return (
    <section aria-labelledby="studio-diagram-heading">
      <h2 id="studio-diagram-heading">{studioText('diagram.heading')}</h2>
      <p>{studioText('diagram.intro')}</p>
      <FunnelDiagramView
        diagram={diagram}
        funnelId={funnel.funnelId}
        title={funnel.title}
        selectedPageId={selectedPageId}
      />
    </section>
  );
}

/** The page picker above a preview: the same choice as the diagram's boxes, as a list. */
export function PagePicker({ funnel, selectedPageId }: { funnel: Funnel; selectedPageId: string }) {
  return (
    <nav aria-label={studioText('diagram.pagePicker')}>
      <ul className="studio-pages">
        {funnel.pages.map((page) => (
          <li key={page.pageId}>
            <Link
              to={{ search: `?page=${encodeURIComponent(page.pageId)}`, hash: '#preview' }}
              aria-current={page.pageId === selectedPageId ? 'page' : undefined}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
