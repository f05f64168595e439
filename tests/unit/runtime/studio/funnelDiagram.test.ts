import { describe, expect, it } from 'vitest';
import { pageEdges, type Funnel } from '../../../../src/runtime/funnel';
import {
  funnelDiagram,
  wrapWords,
  type DiagramBox,
  type FunnelDiagram,
} from '../../../../src/runtime/studio';
import { funnelOf, projectRegistry, whenAnswer } from '../projectFiles';

const overlaps = (a: DiagramBox, b: DiagramBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What every diagram must hold: inside its bounds, boxes apart, edges from source to target. */
function expectWellFormed(diagram: FunnelDiagram, funnel: Funnel) {
  const boxes = [...diagram.nodes, ...diagram.edges.map((edge) => edge.labelBox)];
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(diagram.width);
    expect(box.y + box.height).toBeLessThanOrEqual(diagram.height);
  }
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
  const expected = funnel.pages.flatMap((_, index) => pageEdges(funnel, index));
  expect(diagram.edges.map((edge) => edge.pointer)).toEqual(expected.map((edge) => edge.pointer));
  for (const edge of diagram.edges) {
    const source = diagram.nodes[edge.from]!;
    const target = diagram.nodes[edge.to]!;
    expect(edge.points[0]).toEqual({ x: source.x + source.width / 2, y: source.y + source.height });
    expect(edge.points.at(-1)).toEqual({ x: target.x + target.width / 2, y: target.y });
    // Forward moves only point down.
    edge.points
      .slice(1)
      .forEach((point, i) => expect(point.y).toBeGreaterThanOrEqual(edge.points[i]!.y));
  }
}

describe('funnelDiagram on the built-in funnels', () => {
  const registry = projectRegistry();
  const pageSchema = (id: string) => registry.bundlePageSchema(id);

  it('lays the vehicle claim out in layers, with the exit beside the sign page', () => {
    const funnel = registry.getFunnel('vehicle-claim')!;
    const diagram = funnelDiagram(funnel, { pageSchema });
    expect(diagram.nodes.map((node) => [node.pageId, node.layer, node.kind])).toEqual([
      ['start', 0, 'form'],
      ['address', 1, 'form'],
      ['check', 2, 'form'],
      ['sign', 3, 'review-and-sign'],
      ['not-eligible', 3, 'exit'],
    ]);
    expect(
      diagram.edges.map((edge) => [edge.fromPageId, edge.toPageId, edge.kind, edge.label]),
    ).toEqual([
      ['start', 'address', 'default', 'always'],
      ['address', 'check', 'default', 'always'],
      [
        'check',
        'not-eligible',
        'rule',
        'Your vehicle › How did you pay for the vehicle? is “I did not use finance”',
      ],
      ['check', 'sign', 'default', 'otherwise'],
    ]);
    expectWellFormed(diagram, funnel);
  });

  it('lays the diesel claim out as one column', () => {
    const funnel = registry.getFunnel('diesel-emissions')!;
    const diagram = funnelDiagram(funnel, { pageSchema });
    expect(diagram.nodes.map((node) => node.layer)).toEqual([0, 1, 2, 3]);
    expect(new Set(diagram.nodes.map((node) => node.x)).size).toBe(1);
    expectWellFormed(diagram, funnel);
  });
});

describe('funnelDiagram on a branchy funnel', () => {
  const funnel = funnelOf('branchy', [
    {
      pageId: 'a',
      title: 'A',
      schema: 'choice',
      next: [
        { when: whenAnswer('a', 'choice', 'a'), goto: 'd' },
        { when: whenAnswer('a', 'choice', 'b'), goto: 'c' },
      ],
    },
    { pageId: 'b', title: 'B', schema: 'name' },
    {
      pageId: 'c',
      title: 'C',
      schema: 'name',
      next: [{ when: whenAnswer('c', 'name', 'x'), goto: 'e' }],
    },
    { pageId: 'd', title: 'A page title long enough to need more than one line', schema: 'name' },
    { pageId: 'e', title: 'E', schema: 'sign', kind: 'review-and-sign' },
  ]);
  const diagram = funnelDiagram(funnel);

  it('ranks each page by its longest route from the first page', () => {
    // a→b→c→d→e is the longest route; a→d and a→c skip layers.
    expect(diagram.nodes.map((node) => node.layer)).toEqual([0, 1, 2, 3, 4]);
  });

  it('routes a move that skips layers around the pages it passes, and keeps boxes apart', () => {
    const skip = diagram.edges.find((edge) => edge.fromPageId === 'a' && edge.toPageId === 'd')!;
    const b = diagram.nodes[1]!;
    const c = diagram.nodes[2]!;
    for (const point of skip.points.slice(1, -1)) {
      expect(point.x === b.x + b.width / 2 && point.y >= b.y && point.y <= b.y + b.height).toBe(
        false,
      );
      expect(point.x === c.x + c.width / 2 && point.y >= c.y && point.y <= c.y + c.height).toBe(
        false,
      );
    }
    expectWellFormed(diagram, funnel);
  });

  it('wraps long titles and labels', () => {
    expect(diagram.nodes[3]!.titleLines.length).toBeGreaterThan(1);
    expect(diagram.edges[0]!.labelLines.join(' ')).toBe(diagram.edges[0]!.label);
  });

  it('draws a loop without hanging, pointing back up', () => {
    const loop = funnelOf('loop', [
      { pageId: 'a', title: 'A', schema: 's' },
      {
        pageId: 'b',
        title: 'B',
        schema: 's',
        next: [{ when: whenAnswer('b', 'x', 1), goto: 'a' }],
      },
      { pageId: 'c', title: 'C', schema: 's', kind: 'exit' },
    ]);
    const drawn = funnelDiagram(loop);
    expect(drawn.nodes.map((node) => node.layer)).toEqual([0, 1, 2]);
    expect(drawn.edges.map((edge) => `${edge.fromPageId}>${edge.toPageId}`)).toEqual([
      'a>b',
      'b>a',
      'b>c',
    ]);
  });
});

describe('wrapWords', () => {
  it('breaks at spaces and cuts a word longer than a line', () => {
    expect(wrapWords('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrapWords('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapWords('', 4)).toEqual(['']);
  });
});
