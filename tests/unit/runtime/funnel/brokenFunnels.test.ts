/**
 * Mistakes a product owner makes in a first funnel, each checked for the exact lines
 * funnels:check prints (`file: pointer: message`) and that nothing else is printed: one
 * root cause, one line, no knock-on messages.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../../scripts/funnels-check';
import { createRegistry, type Funnel } from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { formatAndTinySchemas, funnelOf, whenAnswer } from '../projectFiles';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A 3-page parking appeal with a yes/no branch, its schema and examples: all valid. */
function appeal() {
  const funnel: Funnel = funnelOf('appeal', [
    {
      pageId: 'ticket',
      title: 'Your ticket',
      schema: 'ticket',
      next: [{ when: whenAnswer('ticket', 'paid', true), goto: 'sign' }],
    },
    { pageId: 'reason', title: 'Why you are appealing', schema: 'name' },
    { pageId: 'sign', title: 'Check and send', schema: 'sign', kind: 'review-and-sign' },
  ]);
  const ticket: Record<string, unknown> = {
    $schema: DRAFT_07,
    $id: 'ticket',
    type: 'object',
    required: ['pcnNumber', 'paid'],
    properties: {
      pcnNumber: { type: 'string', title: 'PCN number', minLength: 1 },
      paid: { type: 'boolean', title: 'Have you paid?' },
      amount: { type: 'number', title: 'Amount', minimum: 0, maximum: 1000, multipleOf: 0.01 },
    },
  };
  const examples = [
    {
      name: 'Paid already',
      answers: { ticket: { pcnNumber: 'AB1', paid: true }, sign: { agree: true } },
    },
    {
      name: 'Not paid',
      answers: {
        ticket: { pcnNumber: 'AB2', paid: false },
        reason: { name: 'Sign was hidden' },
        sign: { agree: true },
      },
    },
  ];
  return { funnel, ticket, examples };
}

type Appeal = ReturnType<typeof appeal>;

/** What funnels:check prints for the appeal after `mistake` is made to it. */
function linesAfter(mistake: (files: Appeal) => void): string[] {
  const files = appeal();
  mistake(files);
  const result = createRegistry(
    {
      funnels: { 'funnels/appeal.json': files.funnel },
      schemas: { ...formatAndTinySchemas(), 'schemas/ticket.schema.json': files.ticket },
      examples: { 'funnels/examples/appeal.json': files.examples },
    },
    { compileValidator: createAjvCompileValidator() },
  );
  return result.ok ? [] : result.problems.map(formatProblem);
}

const properties = (files: Appeal) => files.ticket.properties as Record<string, object>;

describe('funnels:check on a first funnel with one mistake', () => {
  it('passes the appeal as written', () => {
    expect(linesAfter(() => undefined)).toEqual([]);
  });

  it.each<[string, (files: Appeal) => void, string[]]>([
    [
      'a required name that is no field (a typo)',
      (files) => void (files.ticket.required = ['pcnNumbr', 'paid']),
      [
        'schemas/ticket.schema.json: /required/0: "pcnNumbr" is required but is not a field here, so no answer can pass: did you mean "pcnNumber"?',
      ],
    ],
    [
      'required: ["constructor"], which {} must not satisfy',
      (files) => void (files.ticket.required = ['pcnNumber', 'paid', 'constructor']),
      [
        'schemas/ticket.schema.json: /required/2: "constructor" is required but is not a field here, so no answer can pass: its fields are "pcnNumber", "paid", "amount"',
      ],
    ],
    [
      'a decimal multipleOf without bounds',
      (files) => void (properties(files).amount = { type: 'number', multipleOf: 0.01 }),
      [
        'schemas/ticket.schema.json: /properties/amount/multipleOf: "multipleOf" needs "minimum" and "maximum" beside it: without them a number as large as 1e308 passes (the division overflows)',
      ],
    ],
    [
      'a required field hidden by the uiSchema',
      (files) => void (files.funnel.pages[0]!.uiSchema = { pcnNumber: { 'ui:widget': 'hidden' } }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/pcnNumber/ui:widget: "pcnNumber" is required, but "ui:widget": "hidden" hides it, so no claimant can answer it',
      ],
    ],
    [
      'a ui:order that leaves a field out',
      (files) => void (files.funnel.pages[0]!.uiSchema = { 'ui:order': ['paid', 'pcnNumber'] }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/ui:order: ui:order leaves out "amount": list every field, or end it with "*"',
      ],
    ],
    [
      'a ui:order naming no field',
      (files) => void (files.funnel.pages[0]!.uiSchema = { 'ui:order': ['paid', 'pcn', '*'] }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/ui:order/1: "pcn" in ui:order is not a field of the page schema',
      ],
    ],
    [
      'a uiSchema key naming no field',
      (files) => void (files.funnel.pages[0]!.uiSchema = { pcn: { 'ui:autofocus': true } }),
      ['funnels/appeal.json: /pages/0/uiSchema/pcn: "pcn" is not a field of the page schema'],
    ],
    [
      'a goto to no page',
      (files) => void (files.funnel.pages[0]!.next![0]!.goto = 'signn'),
      ['funnels/appeal.json: /pages/0/next/0/goto: goes to unknown page "signn"'],
    ],
    [
      'an unknown page schema',
      (files) => void (files.funnel.pages[1]!.schema = 'reason'),
      [
        'funnels/appeal.json: /pages/1/schema: unknown page schema "reason" (no schemas/reason.schema.json)',
      ],
    ],
    [
      'a page id used twice',
      (files) => void (files.funnel.pages[1]!.pageId = 'ticket'),
      ['funnels/appeal.json: /pages/1/pageId: pageId "ticket" is already used by page 0'],
    ],
    [
      'no review-and-sign page',
      (files) => void delete files.funnel.pages[2]!.kind,
      [
        'funnels/appeal.json: /pages: no page has kind "review-and-sign", so no claim can be signed',
      ],
    ],
    [
      'a loop',
      (files) => void (files.funnel.pages[1]!.next = [{ goto: 'ticket' }]),
      ['funnels/appeal.json: /pages/1/next/0/goto: loops back: ticket → reason → ticket'],
    ],
    [
      'a letter of authority on a page that is not signed',
      (files) =>
        void (files.funnel.pages[0]!.letterOfAuthority = {
          version: '1',
          title: 'Letter',
          text: 'I appoint you.',
        }),
      [
        'funnels/appeal.json: /pages/0/letterOfAuthority: a letter of authority is only shown on a review-and-sign page',
      ],
    ],
    [
      'a funnelId that is not the file name',
      (files) => void (files.funnel.funnelId = 'appeals'),
      [
        'funnels/appeal.json: /funnelId: funnelId is "appeals", so the file must be named appeals.json',
      ],
    ],
    [
      'an example that answers the wrong type',
      (files) => void ((files.examples[0]!.answers.ticket as { paid: unknown }).paid = 'yes'),
      expect.arrayContaining([expect.stringMatching(/^funnels\/examples\/appeal\.json: \/0\//)]),
    ],
  ])('%s', (_name, mistake, expected) => {
    const lines = linesAfter(mistake);
    expect(lines).toEqual(expected);
    // One root cause, one line.
    if (Array.isArray(expected)) expect(lines).toHaveLength(1);
  });
});
