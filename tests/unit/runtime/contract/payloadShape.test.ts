import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_DEPTH, payloadShapeProblems } from '../../../../src/runtime/contract';

describe('payloadShapeProblems', () => {
  it('accepts ordinary answers', () => {
    expect(
      payloadShapeProblems({
        funnelId: 'f',
        answers: { a: 'x', n: 3, list: [1, 'two'], ok: true },
      }),
    ).toEqual([]);
  });

  it('names a number that is not finite (a callable Int64Value of 1e999 decodes to one)', () => {
    expect(payloadShapeProblems({ answers: { extra: Infinity, list: [NaN] } })).toEqual(
      expect.arrayContaining([
        { field: 'data.answers.extra', message: 'must be a finite number' },
        { field: 'data.answers.list[0]', message: 'must be a finite number' },
      ]),
    );
  });

  it('names text with a lone surrogate, and empty or prototype property names', () => {
    const withProto = JSON.parse('{"answers": {"__proto__": {"x": 1}}}') as unknown;
    expect(payloadShapeProblems({ name: 'a\uD800b' })).toEqual([
      { field: 'data.name', message: 'contains a character that is not valid text' },
    ]);
    expect(payloadShapeProblems({ name: 'emoji \uD83D\uDE00 is fine' })).toEqual([]);
    expect(payloadShapeProblems({ answers: { '': 1 } })).toEqual([
      { field: 'data.answers', message: 'has a property with an empty name' },
    ]);
    expect(payloadShapeProblems(withProto)).toEqual([
      { field: 'data.answers.__proto__', message: 'is not an allowed property name' },
    ]);
  });

  it('stops at a deep nesting without overflowing, naming where', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const problems = payloadShapeProblems(deep);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe(`is nested more than ${MAX_PAYLOAD_DEPTH} levels deep`);
  });

  it('refuses a payload with too many values', () => {
    const many = Array.from({ length: 6_000 }, (_, i) => i);
    expect(payloadShapeProblems({ many })[0]).toEqual({
      field: 'data',
      message: 'has more than 5000 values',
    });
  });
});
