/**
 * funnels:check speaks to the funnel's author, never in a claimant's words: a funnel,
 * examples or stages file that breaks its format is told what was expected at which pointer
 * and what it has, with the format's (docs/product-owner.md's) example.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry, formatProblem } from '../../../../src/runtime/funnel';
import { authorMessage } from '../../../../src/runtime/funnel/checks/formatMessages';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../../src/gateway/infra/validationWords';
import { formatAndTinySchemas, funnelOf, projectRoot } from '../projectFiles';

type Json = Record<string, unknown>;

/** A small funnel that passes, to break one thing at a time. */
function tiny(): Json {
  return {
    ...funnelOf('tiny', [
      { pageId: 'who', title: 'Who', schema: 'name' },
      { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    ]),
  } as Json;
}

const EXAMPLE = [
  {
    name: 'One',
    answers: {
      who: { name: 'Sam' },
      sign: { agree: true, signature: { method: 'typed', name: 'Sam' } },
    },
  },
];

function problemsOf(funnel: Json, examples: unknown = EXAMPLE): string[] {
  const result = createRegistry(
    {
      funnels: { 'funnels/tiny.json': funnel },
      schemas: formatAndTinySchemas(),
      examples: { 'funnels/examples/tiny.json': examples },
    },
    { compileValidator: createAjvCompileValidator(), words: validationWords() },
  );
  return result.ok ? [] : result.problems.map(formatProblem);
}

/** Every sentence the page checks say to a claimant ("Enter {titleInSentence}"), as written. */
const claimantWords = Object.values(
  JSON.parse(
    readFileSync(path.join(projectRoot, 'src/content/messages/validation.en-GB.json'), 'utf8'),
  ) as Record<string, string>,
)
  .map((message) => message.split('{')[0]!.trim())
  .filter((start) => start.length >= 5);

function expectAuthorTerms(lines: readonly string[]) {
  for (const line of lines) {
    const message = line.split(': ').slice(2).join(': ');
    for (const start of claimantWords) expect(message.startsWith(start), line).toBe(false);
  }
}

describe('a funnel file that breaks its format', () => {
  it('is told roles.name is a list, with the product owner’s guide’s example, when it is one string', () => {
    const lines = problemsOf({ ...tiny(), roles: { name: '/who/name' } });
    expect(lines).toEqual([
      'funnels/tiny.json: /roles/name: must be a list, like ["/passenger/fullName"] or ["/start/firstName", "/start/lastName"], not the text "/who/name"',
    ]);
    expectAuthorTerms(lines);
  });

  it('is told what a claim noun is, in the file and in a translation', () => {
    expect(problemsOf({ ...tiny(), wording: { claimNoun: 'Claim Noun' } })).toEqual([
      'funnels/tiny.json: /wording/claimNoun: must be the funnel\'s word for a claim, in lower case: letters and spaces, at most 40, like "appeal" or "insurance claim"',
    ]);
    const translated = problemsOf({
      ...tiny(),
      wording: { claimNoun: 'claim' },
      translations: { cy: { '/wording/claimNoun': 'Hawliad!' } },
    });
    expect(translated).toContain(
      'funnels/tiny.json: /translations/cy/~1wording~1claimNoun: must be the funnel\'s word for a claim, in lower case: letters and spaces, at most 40, like "appeal" or "insurance claim"',
    );
    expectAuthorTerms(translated);
  });

  it('names the shape expected, the name meant and the limits, at each pointer', () => {
    const lines = problemsOf({
      ...tiny(),
      roles: { subject: '/who/name', emial: '/who/name' },
      wording: { submitButton: 'x'.repeat(301) },
      translations: { CY: { '/title': 'Twndis' } },
    });
    expect(lines).toEqual([
      'funnels/tiny.json: /translations: "CY" is not allowed as a name here: use names like "cy" or "en-GB"',
      'funnels/tiny.json: /wording/submitButton: must be at most 300 characters long (it has 301)',
      'funnels/tiny.json: /roles/subject: must be an object, like { "field": "/flight/flightCode", "label": "Flight number" }, not the text "/who/name"',
      'funnels/tiny.json: /roles/emial: "emial" is not allowed here (did you mean "email"?): use "name", "email", "phone" or "subject"',
    ]);
    expectAuthorTerms(lines);
  });

  it('says what its own stages lack, with the product owner’s guide’s example', () => {
    const stage = (id: string, next: string[]) => ({
      id,
      staffLabel: id,
      claimantLabel: id,
      claimantText: `${id}.`,
      next,
    });
    const lines = problemsOf({
      ...tiny(),
      lifecycle: {
        initial: 'received',
        withdrawn: 'withdrawn',
        stages: [
          { ...stage('received', ['withdrawn']), claimantText: undefined, next: 'withdrawn' },
          stage('withdrawn', []),
        ],
      },
    });
    expect(lines).toEqual([
      'funnels/tiny.json: /lifecycle/stages/0/claimantText: is missing: add a text, like "We have asked the airline to pay."',
      'funnels/tiny.json: /lifecycle/stages/0/next: must be a list, like ["paid"] or [], not the text "withdrawn"',
    ]);
  });

  it('says the format’s own message where it has one', () => {
    expect(problemsOf({ ...tiny(), title: '' })).toEqual([
      'funnels/tiny.json: /title: Give the funnel a title',
    ]);
  });
});

describe('an examples file that breaks its format', () => {
  it('names the property meant', () => {
    const [example] = EXAMPLE;
    expect(problemsOf(tiny(), [{ ...example, anwsers: {} }])).toEqual([
      'funnels/examples/tiny.json: /0/anwsers: "anwsers" is not allowed here (did you mean "answers"?): use "name" or "answers"',
    ]);
  });
});

describe('authorMessage', () => {
  const format = {
    type: 'object',
    properties: {
      count: { type: 'integer', minimum: 1, maximum: 9 },
      kind: { type: 'string', enum: ['form', 'exit'] },
      tags: { type: 'array', minItems: 2, items: { type: 'string' }, examples: [['a', 'b']] },
      code: { type: 'string', pattern: '^[a-z]+$' },
    },
  };
  it('says each check as what was expected and what was found', () => {
    const say = (pointer: string, data: Json, key: string, values = {}) =>
      authorMessage(format, data, pointer, { key: key as never, values });
    expect(say('/count', { count: 'three' }, 'field.notNumber')).toBe(
      'must be a whole number, not the text "three"',
    );
    expect(say('/count', { count: 12 }, 'field.tooLarge', { limit: 9 })).toBe(
      'must be 9 or less, not the number 12',
    );
    expect(say('/kind', { kind: 'page' }, 'field.select')).toBe(
      'must be one of "form" or "exit", not the text "page"',
    );
    expect(say('/tags', { tags: ['a'] }, 'field.enterValid')).toBe(
      'must have at least 2 items, like ["a", "b"]',
    );
    expect(say('/code', { code: 'A1' }, 'field.format')).toBe(
      'must match ^[a-z]+$, not the text "A1"',
    );
    expect(say('/kind', {}, 'field.enter')).toBe('is missing: add one of "form" or "exit"');
  });
});
