import { describe, expect, it } from 'vitest';
import { lineDiff, versionDiff } from '../../../../src/app/pages/examples/studio/versionDiff';
import { funnelOf } from '../../runtime/projectFiles';

const numbered = (n: number, changeAt?: number) =>
  Array.from({ length: n }, (_, i) => (i === changeAt ? 'changed' : `line ${i}`)).join('\n') + '\n';

describe('lineDiff', () => {
  it('is empty for equal texts', () => {
    expect(lineDiff('a\nb\n', 'a\nb\n')).toEqual([]);
  });

  it('marks added and removed lines, folding unchanged runs to three lines of context', () => {
    const lines = lineDiff(numbered(20), numbered(20, 10));
    expect(lines).toEqual([
      { kind: 'skipped', count: 7 },
      { kind: 'same', text: 'line 7' },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'changed' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'same', text: 'line 13' },
    ]);
  });
});

describe('versionDiff', () => {
  const v1 = funnelOf('f', [{ pageId: 'a', title: 'A', schema: 's' }]);
  const v2 = {
    ...funnelOf('f', [{ pageId: 'a', title: 'A, renamed', schema: 's' }]),
    version: 2,
  };
  const schema = { type: 'object', properties: { x: { type: 'string' } } };

  it('diffs the funnel and each page schema that differs, added or removed', () => {
    const sections = versionDiff(
      { funnel: v1, schemas: { s: schema, gone: schema } },
      { funnel: v2, schemas: { s: schema, added: schema } },
    );
    // The funnel's own file first (no schema id), then each schema in `$id` order.
    expect(sections.map((section) => section.schemaId)).toEqual([undefined, 'added', 'gone']);
    const funnelLines = sections[0]!.lines.filter((line) => line.kind !== 'same');
    expect(funnelLines).toEqual([
      { kind: 'removed', text: '  "version": 1,' },
      { kind: 'added', text: '  "version": 2,' },
      { kind: 'removed', text: '      "title": "A",' },
      { kind: 'added', text: '      "title": "A, renamed",' },
    ]);
    expect(sections[1]!.lines.every((line) => line.kind === 'added')).toBe(true);
    expect(sections[2]!.lines.every((line) => line.kind === 'removed')).toBe(true);
  });

  it('finds nothing between a version and itself', () => {
    expect(
      versionDiff({ funnel: v1, schemas: { s: schema } }, { funnel: v1, schemas: { s: schema } }),
    ).toEqual([]);
  });

  it("leaves the funnel's roles out: they are not part of a version", () => {
    const withRoles = { ...v1, roles: { email: '/a/email' } } as typeof v1;
    expect(
      versionDiff(
        { funnel: v1, schemas: { s: schema } },
        { funnel: withRoles, schemas: { s: schema } },
      ),
    ).toEqual([]);
  });
});
