import { describe, expect, it } from 'vitest';
import { callableBodyProblem, MAX_RAW_DEPTH } from '../../../src/gateway/call/callableBodyGuard';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

const envelope = (data: unknown) => ({ data: { functionName: 'saveAnswers', data } });

describe('callableBodyProblem', () => {
  it('passes an ordinary envelope and a well-formed Int64Value', () => {
    expect(callableBodyProblem(envelope({ answers: { a: 1, b: ['x', { c: null }] } }))).toBeNull();
    const long = { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '42' };
    expect(callableBodyProblem(envelope({ answers: { n: long } }))).toBeNull();
  });

  it('refuses nesting 10,000 deep without overflowing its own stack, naming where', () => {
    const problem = callableBodyProblem(envelope(nested(10_000)));
    expect(problem?.message).toBe(`is nested more than ${MAX_RAW_DEPTH} levels deep`);
    expect(problem?.field).toMatch(/^data(\.a)+$/);
  });

  it.each([
    ['an unknown @type', { '@type': 'type.googleapis.com/google.protobuf.Any', value: 'x' }],
    [
      'an Int64Value that is not a number',
      { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 'abc' },
    ],
    ['an @type that is not a string', { '@type': 5 }],
  ])('refuses %s, naming the field', (_label, value) => {
    expect(callableBodyProblem(envelope({ answers: { odd: value } }))).toEqual({
      field: 'data.answers.odd',
      message: 'is not a value the gateway accepts (unknown or malformed @type)',
    });
  });

  it('refuses a __proto__ key, which decoding would turn into a prototype and hide', () => {
    const body = JSON.parse('{"data":{"functionName":"getClaim","data":{"__proto__":{"x":1}}}}');
    expect(callableBodyProblem(body)).toEqual({
      field: 'data.__proto__',
      message: 'is not an allowed property name',
    });
  });

  it('leaves bodies that are not an envelope to the callable protocol', () => {
    expect(callableBodyProblem(undefined)).toBeNull();
    expect(callableBodyProblem('text')).toBeNull();
  });
});
