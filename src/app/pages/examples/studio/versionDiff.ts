import { diffLines } from 'diff';
import type { Funnel, JsonSchemaObject } from '../../../../runtime/funnel';
import { versionedFunnelOf } from '../../../../runtime/versions';

/** What a version of a funnel is made of: the funnel and its bundled page schemas, by `$id`. */
export interface VersionContent {
  funnel: Funnel;
  schemas: Readonly<Record<string, JsonSchemaObject>>;
}

export type DiffLine =
  { kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'skipped'; count: number };

/** The changes of one file between two versions. */
export interface DiffSection {
  /** The page schema's `$id`; undefined for the funnel's own file. */
  schemaId?: string;
  lines: DiffLine[];
}

/** Unchanged lines kept around each change; longer unchanged runs are folded. */
const CONTEXT_LINES = 3;

const pretty = (value: unknown) =>
  value === undefined ? '' : `${JSON.stringify(value, null, 2)}\n`;

/** A line diff of two texts, with long unchanged runs folded to their count. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const part of diffLines(before, after)) {
    const texts = part.value.replace(/\n$/, '').split('\n');
    if (part.added || part.removed) {
      for (const text of texts) lines.push({ kind: part.added ? 'added' : 'removed', text });
      continue;
    }
    if (texts.length <= CONTEXT_LINES * 2 + 1) {
      for (const text of texts) lines.push({ kind: 'same', text });
      continue;
    }
    const isFirst = lines.length === 0;
    const head = isFirst ? [] : texts.slice(0, CONTEXT_LINES);
    const tail = texts.slice(-CONTEXT_LINES);
    for (const text of head) lines.push({ kind: 'same', text });
    lines.push({ kind: 'skipped', count: texts.length - head.length - tail.length });
    for (const text of tail) lines.push({ kind: 'same', text });
  }
  // Unchanged lines after the last change: only its context is kept.
  const lastChange = lines.findLastIndex(
    (line) => line.kind === 'added' || line.kind === 'removed',
  );
  if (lastChange === -1) return [];
  let end = lastChange + 1;
  while (end < lines.length && end <= lastChange + CONTEXT_LINES && lines[end]!.kind === 'same')
    end++;
  return lines.slice(0, end);
}

/**
 * What changed from one version to another: the funnel pretty-printed, then each page schema
 * that differs (added, removed or changed), in `$id` order. Empty when nothing changed.
 */
export function versionDiff(from: VersionContent, to: VersionContent): DiffSection[] {
  const sections: DiffSection[] = [];
  // A funnel's roles are not part of its version (they say how any version is read), so they
  // are left out here as they are from the version's hash.
  const funnel = lineDiff(
    pretty(versionedFunnelOf(from.funnel)),
    pretty(versionedFunnelOf(to.funnel)),
  );
  if (funnel.length > 0) sections.push({ lines: funnel });
  const ids = [...new Set([...Object.keys(from.schemas), ...Object.keys(to.schemas)])].sort();
  for (const id of ids) {
    const lines = lineDiff(pretty(from.schemas[id]), pretty(to.schemas[id]));
    if (lines.length > 0) sections.push({ schemaId: id, lines });
  }
  return sections;
}
