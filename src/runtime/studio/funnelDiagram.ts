/**
 * A funnel as a diagram: its pages as boxes in layers (a page's layer is the longest route to
 * it from the first page, so every move points down), and every move between them as an
 * edge labelled with its `when` rule in words. Pure geometry for the studio's SVG: no DOM.
 *
 * Each edge gets its own slot, a column, in every row it passes (its label in the label row
 * under its source page, a pass-through in the page rows it skips), so a label never sits on
 * another edge's label or a page it does not touch.
 */
import {
  ALWAYS_WORDS,
  conditionWords,
  OTHERWISE_WORDS,
  type ConditionVocabulary,
} from './conditionWords';
import { pageEdges } from '../funnel/pages/funnelGraph';
import type { Funnel, PageKind } from '../funnel/types';

export interface DiagramPoint {
  x: number;
  y: number;
}

export interface DiagramBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DiagramNode extends DiagramBox {
  index: number;
  pageId: string;
  title: string;
  kind: PageKind;
  layer: number;
  /** The title wrapped to fit the box. */
  titleLines: string[];
}

export interface DiagramEdge {
  from: number;
  to: number;
  fromPageId: string;
  toPageId: string;
  /** Where the move is written: `/pages/i/next/j/goto` for a rule, `/pages/i` for the default. */
  pointer: string;
  /** `rule`: a `next` rule; `default`: the move to the following page when no rule matched. */
  kind: 'rule' | 'default';
  /** The rule in words ("otherwise" for the default move of a page that has rules). */
  label: string;
  labelLines: string[];
  labelBox: DiagramBox;
  /** The route from the source page's bottom to the target page's top, through the label. */
  points: DiagramPoint[];
}

export interface FunnelDiagram {
  width: number;
  height: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/** Sizes in SVG user units (CSS pixels at 1:1); text is drawn at 14 px titles, 12 px labels. */
export const DIAGRAM_SIZES = {
  cellWidth: 232,
  nodeWidth: 204,
  margin: 12,
  rowGap: 14,
  titleChars: 21,
  titleLineHeight: 18,
  labelChars: 30,
  labelLineHeight: 15,
  labelCharWidth: 6.6,
} as const;

const S = DIAGRAM_SIZES;

/**
 * Breaks text into lines of at most `maxChars` characters at spaces; a word longer than a
 * line is cut. Never returns an empty list.
 */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > maxChars) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, maxChars));
      rest = rest.slice(maxChars);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= maxChars) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Layer of each page: the longest route to it, ignoring the move that closes any loop. */
function layersOf(funnel: Funnel, edgesFrom: (index: number) => number[]): number[] {
  const count = funnel.pages.length;
  const state = new Array<'new' | 'open' | 'done'>(count).fill('new');
  const postOrder: number[] = [];
  const forward: Array<[number, number]> = [];
  const visit = (index: number): void => {
    state[index] = 'open';
    for (const to of edgesFrom(index)) {
      if (state[to] === 'open') continue; // a loop: funnels:check reports it; draw, don't rank
      forward.push([index, to]);
      if (state[to] === 'new') visit(to);
    }
    state[index] = 'done';
    postOrder.push(index);
  };
  for (let index = 0; index < count; index++) if (state[index] === 'new') visit(index);
  const layer = new Array<number>(count).fill(0);
  for (const index of postOrder.reverse()) {
    for (const [from, to] of forward) {
      if (from === index) layer[to] = Math.max(layer[to]!, layer[index]! + 1);
    }
  }
  return layer;
}

type PageRowSlot = { kind: 'page'; index: number } | { kind: 'pass'; edge: number };
interface LabelRowSlot {
  edge: number;
  labelled: boolean;
}

/** The first rule index of a rule pointer, `/pages/i/next/j/goto`. */
const isRulePointer = (pointer: string) => /\/next\/\d+\/goto$/.test(pointer);

/** A move as the funnel graph has it: page indexes and the JSON pointer of its rule. */
type RawEdge = ReturnType<typeof pageEdges>[number];

/** Each edge's words: its rule's `when`, or "always"/"otherwise" for the move that has none. */
function edgeLabelsOf(
  funnel: Funnel,
  rawEdges: readonly RawEdge[],
  words: ConditionVocabulary,
): string[] {
  return rawEdges.map((edge) => {
    const page = funnel.pages[edge.from]!;
    if (isRulePointer(edge.pointer)) {
      const ruleIndex = Number(/\/next\/(\d+)\/goto$/.exec(edge.pointer)![1]);
      return conditionWords(page.next?.[ruleIndex]?.when, words);
    }
    const hasConditions = (page.next ?? []).some((rule) => rule.when !== undefined);
    return hasConditions ? OTHERWISE_WORDS : ALWAYS_WORDS;
  });
}

interface SlotRows {
  pageRows: PageRowSlot[][];
  labelRows: LabelRowSlot[][];
}

/** Rows of slots, top-down: page row L, then the label row of the edges leaving layer L. */
function slotRowsOf(
  pageCount: number,
  rawEdges: readonly RawEdge[],
  layer: readonly number[],
  layerCount: number,
): SlotRows {
  const pageRows: PageRowSlot[][] = Array.from({ length: layerCount }, () => []);
  const labelRows: LabelRowSlot[][] = Array.from({ length: layerCount }, () => []);
  for (let index = 0; index < pageCount; index++) {
    pageRows[layer[index]!]!.push({ kind: 'page', index });
  }
  for (let row = 0; row < layerCount; row++) {
    fillLabelRow(row, rawEdges, layer, pageRows, labelRows);
  }
  return { pageRows, labelRows };
}

/**
 * Fills label row `row` with the edges leaving its page row (from its pages, or passing
 * through), ordered to cross as little as may be, and places in the next page row a
 * pass-through for each edge that goes further down.
 */
function fillLabelRow(
  row: number,
  rawEdges: readonly RawEdge[],
  layer: readonly number[],
  pageRows: PageRowSlot[][],
  labelRows: LabelRowSlot[][],
): void {
  const column = (slots: readonly unknown[], match: (slot: never) => boolean) =>
    // Each caller's match reads the slot kind it is looking for; the rows mix kinds, which TypeScript cannot follow.
    slots.findIndex((slot) => match(slot as never));
  const pageRow = pageRows[row]!;
  // Edges passing through this page row (placed by the label row above) come after its pages.
  const upstream = (edge: number): number => {
    const fromLayer = layer[rawEdges[edge]!.from]!;
    if (fromLayer === row)
      return column(
        pageRow,
        (s: PageRowSlot) => s.kind === 'page' && s.index === rawEdges[edge]!.from,
      );
    return column(pageRow, (s: PageRowSlot) => s.kind === 'pass' && s.edge === edge);
  };
  const leaving = rawEdges
    .map((edge, id) => ({ edge, id }))
    .filter(
      ({ edge, id }) =>
        layer[edge.from] === row || pageRow.some((s) => s.kind === 'pass' && s.edge === id),
    );
  const nextRow = pageRows[row + 1] ?? [];
  const downstream = (id: number): number => {
    const edge = rawEdges[id]!;
    if (layer[edge.to] === row + 1)
      return column(nextRow, (s: PageRowSlot) => s.kind === 'page' && s.index === edge.to);
    return nextRow.length + id; // a pass-through, placed after the next row's pages
  };
  leaving.sort(
    (a, b) => upstream(a.id) - upstream(b.id) || downstream(a.id) - downstream(b.id) || a.id - b.id,
  );
  for (const { edge, id } of leaving) {
    labelRows[row]!.push({ edge: id, labelled: layer[edge.from] === row });
    if (layer[edge.to]! > row + 1) nextRow.push({ kind: 'pass', edge: id });
  }
}

/** The x of a column's middle: slots are left-aligned in columns of one width. */
const columnX = (col: number) => S.margin + col * S.cellWidth + S.cellWidth / 2;

interface RowBox {
  top: number;
  bottom: number;
}

interface PlacedRows {
  nodes: DiagramNode[];
  pageRowBox: RowBox[];
  labelRowBox: RowBox[];
  height: number;
}

/** Geometry: rows stacked with gaps, each page a box centred in its slot and its row. */
function placeRows(
  pages: Funnel['pages'],
  { pageRows, labelRows }: SlotRows,
  titleLines: readonly string[][],
  labelLines: readonly string[][],
): PlacedRows {
  const nodeHeight = (index: number) => (titleLines[index]!.length + 1) * S.titleLineHeight + 16;
  const nodes: DiagramNode[] = [];
  const pageRowBox: RowBox[] = [];
  const labelRowBox: RowBox[] = [];
  let y = S.margin;
  for (let row = 0; row < pageRows.length; row++) {
    const heights = pageRows[row]!.flatMap((slot) =>
      slot.kind === 'page' ? [nodeHeight(slot.index)] : [],
    );
    const height = Math.max(40, ...heights);
    pageRowBox.push({ top: y, bottom: y + height });
    pageRows[row]!.forEach((slot, col) => {
      if (slot.kind !== 'page') return;
      const page = pages[slot.index]!;
      const h = nodeHeight(slot.index);
      nodes.push({
        index: slot.index,
        pageId: page.pageId,
        title: page.title,
        kind: page.kind ?? 'form',
        layer: row,
        titleLines: titleLines[slot.index]!,
        x: columnX(col) - S.nodeWidth / 2,
        y: y + (height - h) / 2,
        width: S.nodeWidth,
        height: h,
      });
    });
    y += height + S.rowGap;
    const lines = labelRows[row]!.filter((slot) => slot.labelled).map(
      (slot) => labelLines[slot.edge]!.length,
    );
    const labelHeight =
      labelRows[row]!.length === 0
        ? 0
        : Math.max(24, Math.max(0, ...lines) * S.labelLineHeight + 18);
    labelRowBox.push({ top: y, bottom: y + labelHeight });
    if (labelHeight > 0) y += labelHeight + S.rowGap;
  }
  return { nodes, pageRowBox, labelRowBox, height: y - S.rowGap + S.margin };
}

/** The label's box, centred in its slot of the label row, as wide as its longest line. */
function labelBoxOf(lines: readonly string[], col: number, box: RowBox): DiagramBox {
  const boxWidth = Math.min(
    S.cellWidth - 8,
    Math.max(...lines.map((l) => l.length)) * S.labelCharWidth + 14,
  );
  const boxHeight = lines.length * S.labelLineHeight + 8;
  return {
    x: columnX(col) - boxWidth / 2,
    y: (box.top + box.bottom) / 2 - boxHeight / 2,
    width: boxWidth,
    height: boxHeight,
  };
}

/**
 * Edge `id`'s route: from the bottom of its source down through its slot in each row it
 * passes to the top of its target, with its label's box in the label row under its source.
 */
function routeOf(
  id: number,
  edge: RawEdge,
  layer: readonly number[],
  { pageRows, labelRows }: SlotRows,
  placed: PlacedRows,
  labelLines: readonly string[],
): { points: DiagramPoint[]; labelBox: DiagramBox | undefined } {
  const nodeOf = (index: number) => placed.nodes.find((node) => node.index === index)!;
  const source = nodeOf(edge.from);
  const target = nodeOf(edge.to);
  const points: DiagramPoint[] = [{ x: source.x + source.width / 2, y: source.y + source.height }];
  let labelBox: DiagramBox | undefined;
  for (let row = layer[edge.from]!; row < pageRows.length; row++) {
    if (row > layer[edge.from]!) {
      const col = pageRows[row]!.findIndex((slot) => slot.kind === 'pass' && slot.edge === id);
      if (col === -1) break;
      points.push(
        { x: columnX(col), y: placed.pageRowBox[row]!.top },
        { x: columnX(col), y: placed.pageRowBox[row]!.bottom },
      );
    }
    const col = labelRows[row]!.findIndex((slot) => slot.edge === id);
    if (col === -1) break;
    const box = placed.labelRowBox[row]!;
    points.push({ x: columnX(col), y: box.top }, { x: columnX(col), y: box.bottom });
    if (row === layer[edge.from]) labelBox = labelBoxOf(labelLines, col, box);
  }
  points.push({ x: target.x + target.width / 2, y: target.y });
  return { points, labelBox };
}

/** Lays out `funnel` as a diagram; `vocabulary` gives the rules' words their titles. */
export function funnelDiagram(funnel: Funnel, vocabulary: ConditionVocabulary = {}): FunnelDiagram {
  const words: ConditionVocabulary = { funnel, ...vocabulary };
  const pages = funnel.pages;
  const rawEdges = pages.flatMap((_, index) => pageEdges(funnel, index));
  const layer = layersOf(funnel, (index) =>
    rawEdges.filter((edge) => edge.from === index).map((edge) => edge.to),
  );
  const layerCount = pages.length === 0 ? 0 : Math.max(...layer) + 1;
  const labels = edgeLabelsOf(funnel, rawEdges, words);
  const rows = slotRowsOf(pages.length, rawEdges, layer, layerCount);

  const titleLines = pages.map((page) => wrapWords(page.title, S.titleChars).slice(0, 3));
  const labelLines = labels.map((label) => wrapWords(label, S.labelChars));
  const placed = placeRows(pages, rows, titleLines, labelLines);
  const columns = Math.max(
    1,
    ...rows.pageRows.map((row) => row.length),
    ...rows.labelRows.map((row) => row.length),
  );
  const width = S.margin * 2 + columns * S.cellWidth;

  const edges: DiagramEdge[] = rawEdges.map((edge, id) => {
    const { points, labelBox } = routeOf(id, edge, layer, rows, placed, labelLines[id]!);
    return {
      from: edge.from,
      to: edge.to,
      fromPageId: pages[edge.from]!.pageId,
      toPageId: pages[edge.to]!.pageId,
      pointer: edge.pointer,
      kind: isRulePointer(edge.pointer) ? 'rule' : 'default',
      label: labels[id]!,
      labelLines: labelLines[id]!,
      labelBox: labelBox!,
      points,
    };
  });
  const nodes = placed.nodes;
  nodes.sort((a, b) => a.index - b.index);
  return { width, height: placed.height, nodes, edges };
}
