import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Funnel, FunnelRegistry } from '../../../../runtime/funnel';
import { funnelDiagram } from '../../../../runtime/studio';
import { FunnelDiagramView } from './FunnelDiagramView';

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
      <h2 id="studio-diagram-heading">Pages and branches</h2>
      <p>
        Each box is a page (select it to preview it below); each arrow is a move, labelled with its
        rule. A rounded box ends the claim.
      </p>
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
    <nav aria-label="Preview a page">
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
