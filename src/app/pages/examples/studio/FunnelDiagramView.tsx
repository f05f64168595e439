import { Link } from 'react-router-dom';
import type { DiagramEdge, DiagramNode, FunnelDiagram } from '../../../../runtime/studio';
import { DIAGRAM_SIZES } from '../../../../runtime/studio';
import { studioText, type StudioTextKey } from './studioText';

const KIND_WORDS: Record<DiagramNode['kind'], StudioTextKey> = {
  form: 'diagram.kindForm',
  'review-and-sign': 'diagram.kindReviewAndSign',
  exit: 'diagram.kindExit',
};

/** What a screen reader hears for a page box (the e2e test derives the same from the JSON). */
const pageLabel = (node: Pick<DiagramNode, 'title' | 'pageId'>) =>
  studioText('diagram.page', { pageTitle: node.title, pageId: node.pageId });

/** What a screen reader hears for an edge (the e2e test derives the same from the JSON). */
const edgeLabel = (from: string, to: string, words: string) =>
  studioText('diagram.move', { from, to, words });

function pathOf(edge: DiagramEdge): string {
  return edge.points.map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
}

interface FunnelDiagramViewProps {
  diagram: FunnelDiagram;
  funnelId: string;
  title: string;
  /** The page whose preview shows, outlined in the diagram. */
  selectedPageId?: string;
}

/**
 * The funnel's pages and moves as an SVG: each page a link to its preview, each move an arrow
 * with its rule in words. Shape and a written kind, not colour, tell the kinds of page apart;
 * the box scrolls sideways on a narrow screen rather than shrinking the words.
 */
export function FunnelDiagramView({
  diagram,
  funnelId,
  title,
  selectedPageId,
}: FunnelDiagramViewProps) {
  const nodes = diagram.nodes;
  return (
    <div
      className="studio-diagram"
      tabIndex={0}
      role="region"
      aria-label={studioText('diagram.region', { funnelTitle: title })}
    >
      <svg
        role="group"
        aria-label={studioText('diagram.summary', {
          funnelTitle: title,
          pageCount: nodes.length,
          moveCount: diagram.edges.length,
        })}
        width={diagram.width}
        height={diagram.height}
        viewBox={`0 0 ${diagram.width} ${diagram.height}`}
      >
        <defs>
          <marker
            id={`arrow-${funnelId}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" className="studio-diagram__arrow-head" />
          </marker>
        </defs>
        {diagram.edges.map((edge) => (
          <DiagramEdgeArrow
            key={edge.pointer}
            edge={edge}
            from={nodes[edge.from]!}
            to={nodes[edge.to]!}
            funnelId={funnelId}
          />
        ))}
        {nodes.map((node) => (
          <DiagramPageBox key={node.pageId} node={node} selected={node.pageId === selectedPageId} />
        ))}
      </svg>
    </div>
  );
}

/** A move between two pages: its arrow, and its rule in words in a box on the way. */
function DiagramEdgeArrow({
  edge,
  from,
  to,
  funnelId,
}: {
  edge: DiagramEdge;
  from: DiagramNode;
  to: DiagramNode;
  /** Names the arrow-head marker, which is the diagram's own. */
  funnelId: string;
}) {
  return (
    <g
      role="img"
      aria-label={edgeLabel(from.title, to.title, edge.label)}
      className={`studio-diagram__edge studio-diagram__edge--${edge.kind}`}
      data-pointer={edge.pointer}
    >
      <path d={pathOf(edge)} markerEnd={`url(#arrow-${funnelId})`} />
      <rect
        x={edge.labelBox.x}
        y={edge.labelBox.y}
        width={edge.labelBox.width}
        height={edge.labelBox.height}
        rx="4"
      />
      <text
        x={edge.labelBox.x + edge.labelBox.width / 2}
        y={edge.labelBox.y + 4}
        aria-hidden="true"
      >
        {edge.labelLines.map((line, i) => (
          <tspan
            key={i}
            x={edge.labelBox.x + edge.labelBox.width / 2}
            dy={DIAGRAM_SIZES.labelLineHeight}
          >
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** A page: a box, square for a form and rounded otherwise, linking to its preview. */
function DiagramPageBox({ node, selected }: { node: DiagramNode; selected: boolean }) {
  return (
    <Link
      to={{ search: `?page=${encodeURIComponent(node.pageId)}`, hash: '#preview' }}
      aria-label={pageLabel(node)}
      aria-current={selected ? 'page' : undefined}
      className={`studio-diagram__page studio-diagram__page--${node.kind}`}
    >
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={node.kind === 'form' ? 4 : 16}
      />
      <text x={node.x + 12} y={node.y + 6} aria-hidden="true">
        {node.titleLines.map((line, i) => (
          <tspan
            key={i}
            x={node.x + 12}
            dy={DIAGRAM_SIZES.titleLineHeight}
            className="studio-diagram__title"
          >
            {line}
          </tspan>
        ))}
        <tspan x={node.x + 12} dy={DIAGRAM_SIZES.titleLineHeight} className="studio-diagram__meta">
          {node.pageId} · {studioText(KIND_WORDS[node.kind])}
        </tspan>
      </text>
    </Link>
  );
}
