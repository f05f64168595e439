import { describe, expect, it } from 'vitest';
import {
  answerOpennessProblem,
  unknownAnswerErrors,
} from '../../../../src/runtime/funnel/answers/unknownAnswers';
import type { JsonSchemaObject } from '../../../../src/runtime/funnel/types';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

const address: JsonSchemaObject = {
  type: 'object',
  properties: {
    years: { type: 'string' },
    home: { $ref: '#/definitions/place' },
    notes: { type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } },
  },
  if: { properties: { years: { const: 'few' } } },
  then: { properties: { previous: { $ref: '#/definitions/place' } } },
  definitions: {
    place: { type: 'object', properties: { line1: { type: 'string' } } },
  },
};

describe('unknownAnswerErrors', () => {
  it('accepts the questions of the page, those its conditional parts add included', () => {
    expect(
      unknownAnswerErrors(
        { years: 'few', home: { line1: 'x' }, previous: { line1: 'y' } },
        address,
        words,
      ),
    ).toEqual([]);
  });

  it('names an answer to a question the page does not ask, at any depth', () => {
    expect(
      unknownAnswerErrors({ years: 'x', extra: 1, home: { line1: 'x', 'a/b': 2 } }, address, words),
    ).toEqual([
      { pointer: '/extra', field: 'extra', message: '"extra" is not a recognised field' },
      { pointer: '/home/a~1b', field: 'home.a/b', message: '"a/b" is not a recognised field' },
    ]);
  });

  it('leaves an object the schema opens on purpose to the schema', () => {
    expect(unknownAnswerErrors({ notes: { anything: 1 } }, address, words)).toEqual([]);
  });
});

describe('answerOpennessProblem', () => {
  it('accepts a page schema that leaves additionalProperties out, or closes one without conditional fields', () => {
    expect(answerOpennessProblem(address)).toBeNull();
    expect(
      answerOpennessProblem({ type: 'object', additionalProperties: false, properties: {} }),
    ).toBeNull();
  });

  it('refuses open page answers', () => {
    expect(answerOpennessProblem({ ...address, additionalProperties: true })).toMatch(
      /leave additionalProperties out/,
    );
  });

  it('refuses false at the root when conditional parts add fields, naming them', () => {
    expect(answerOpennessProblem({ ...address, additionalProperties: false })).toMatch(
      /refuses previous, which/,
    );
  });
});
