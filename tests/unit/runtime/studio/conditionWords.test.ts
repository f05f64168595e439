import { describe, expect, it } from 'vitest';
import { funnelOf, projectRegistry } from '../projectFiles';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Funnel, JsonSchemaObject } from '../../../../src/runtime/funnel';
import { conditionWords } from '../../../../src/runtime/studio';

const fixture = path.join(import.meta.dirname, '../../../e2e/authoring/fixture');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('conditionWords without titles', () => {
  it('reads a nested const as a path and a value', () => {
    expect(
      conditionWords({ properties: { finance: { properties: { hasFinance: { const: true } } } } }),
    ).toBe('finance › hasFinance is yes');
  });

  it('reads enum, not, anyOf, allOf and required', () => {
    const page = (inner: object) => ({ properties: { p: inner } });
    expect(conditionWords(page({ properties: { c: { enum: ['a', 'b'] } } }))).toBe(
      'p › c is one of “a”, “b”',
    );
    expect(conditionWords(page({ properties: { c: { not: { const: 'a' } } } }))).toBe(
      'p › c is not “a”',
    );
    expect(conditionWords(page({ not: { required: ['c'] } }))).toBe('p › c is not answered');
    expect(conditionWords(page({ required: ['c'] }))).toBe('p › c is answered');
    expect(
      conditionWords(
        page({
          anyOf: [
            { properties: { c: { const: 1 } } },
            { properties: { d: { minimum: 5 }, e: { const: false } } },
          ],
        }),
      ),
    ).toBe('(p › c is 1 or (p › d is at least 5 and p › e is no))');
    expect(
      conditionWords(page({ allOf: [{ required: ['c'] }, { properties: { d: { const: 'x' } } }] })),
    ).toBe('p › c is answered and p › d is “x”');
  });

  it('says "always" for a condition any answers meet, and for no condition', () => {
    expect(conditionWords({})).toBe('always');
    expect(conditionWords(undefined)).toBe('always');
    expect(conditionWords(true)).toBe('always');
    expect(conditionWords(false)).toBe('never');
  });

  it('shows what it has no words for as compact JSON, and never throws', () => {
    expect(conditionWords({ properties: { p: { dependencies: { a: ['b'] } } } })).toBe(
      'p matches {"dependencies":{"a":["b"]}}',
    );
    expect(conditionWords('nonsense')).toBe('the answers matches "nonsense"');
    expect(conditionWords({ properties: { p: { properties: { c: { type: ['a', 1] } } } } })).toBe(
      'p › c matches {"type":["a",1]}',
    );
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => conditionWords({ properties: { p: { const: circular } } })).not.toThrow();
  });
});

describe('conditionWords with the funnel’s titles', () => {
  it('reads the vehicle claim’s rule with the page, field and option titles', () => {
    const registry = projectRegistry();
    const funnel = registry.getFunnel('vehicle-claim')!;
    const check = funnel.pages.find((page) => page.pageId === 'check')!;
    expect(
      conditionWords(check.next![0]!.when, {
        funnel,
        pageSchema: (id) => registry.bundlePageSchema(id),
      }),
    ).toBe('Your vehicle › How did you pay for the vehicle? is “I did not use finance”');
  });

  it('reads the authoring fixture’s rule with its option title', () => {
    const funnel = readJson(path.join(fixture, 'funnels/parking-appeal.json')) as Funnel;
    const schema = readJson(
      path.join(fixture, 'schemas/parking-ticket.schema.json'),
    ) as JsonSchemaObject;
    expect(
      conditionWords(funnel.pages[0]!.next![0]!.when, { funnel, pageSchema: () => schema }),
    ).toBe(`${funnel.pages[0]!.title} › Were you driving the vehicle? is “Yes”`);
  });

  it('says when an optional field matches by being left out', () => {
    const funnel = funnelOf('f', [{ pageId: 'a', title: 'About you', schema: 's' }]);
    const schema = { type: 'object', properties: { age: { type: 'integer', title: 'Age' } } };
    expect(
      conditionWords(
        { properties: { a: { properties: { age: { minimum: 18 } } } } },
        { funnel, pageSchema: () => schema },
      ),
    ).toBe('(About you › Age is not answered or About you › Age is at least 18)');
  });
});
