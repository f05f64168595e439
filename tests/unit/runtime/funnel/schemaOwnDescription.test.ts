import { describe, expect, it } from 'vitest';
import { createRegistry, type Funnel } from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../../src/gateway/infra/validationWords';
import { formatAndTinySchemas, funnelOf } from '../projectFiles';

const funnel: Funnel = funnelOf('things', [
  { pageId: 'thing', title: 'Thing', schema: 'thing' },
  { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
]);
const schema = (own: Record<string, unknown>) => ({
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'thing',
  type: 'object',
  properties: { name: { type: 'string', title: 'Name', description: 'As on your licence' } },
  ...own,
});
const problemsOf = (own: Record<string, unknown>) => {
  const result = createRegistry(
    {
      funnels: { 'funnels/things.json': funnel },
      schemas: { ...formatAndTinySchemas(), 'schemas/thing.schema.json': schema(own) },
    },
    { compileValidator: createAjvCompileValidator(), words: validationWords() },
  );
  return (result.ok ? [] : result.problems).map((p) => `${p.file}: ${p.pointer}: ${p.message}`);
};

describe('a schema file’s own description', () => {
  it('is refused, naming $comment and the funnel page’s description', () => {
    expect(problemsOf({ description: 'The thing a claim is about.' })).toContainEqual(
      expect.stringMatching(
        /^schemas\/thing\.schema\.json: \/description: a schema file’s own "description" is shown nowhere: write a note for developers as "\$comment"/,
      ),
    );
  });

  it('is not needed: a $comment, and questions’ descriptions, are taken', () => {
    expect(problemsOf({ $comment: 'The thing a claim is about.' })).toEqual([]);
  });
});
