/**
 * Mistakes a product owner makes in a first funnel, each checked for the exact lines
 * funnels:check prints (`file: pointer: message`) and that nothing else is printed: one
 * root cause, one line, no knock-on messages.
 */
import { describe, expect, it } from 'vitest';
import { checkRegistryFiles, formatProblem } from '../../../../scripts/funnels-check';
import { sampleAnswers } from '../../../../scripts/lib/sampleAnswers';
import { createRegistry, type Funnel } from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { formatAndTinySchemas, funnelOf, whenAnswer } from '../projectFiles';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** A signature the tiny sign schema accepts. */
const signature = { method: 'typed', name: 'Sam' };

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
      answers: { ticket: { pcnNumber: 'AB1', paid: true }, sign: { agree: true, signature } },
    },
    {
      name: 'Not paid',
      answers: {
        ticket: { pcnNumber: 'AB2', paid: false },
        reason: { name: 'Sign was hidden' },
        sign: { agree: true, signature },
      },
    },
  ];
  return { funnel, ticket, examples };
}

type Appeal = ReturnType<typeof appeal>;

/**
 * What funnels:check prints for the appeal after `mistake` is made to it (`check`: each page
 * compiled by the build's RJSF precompile), or what the gateway and the dev server report
 * loading it (`run time`: the run-time compiler).
 */
function linesAfter(
  mistake: (files: Appeal) => void,
  via: 'check' | 'run time' = 'check',
): string[] {
  const files = appeal();
  mistake(files);
  const input = {
    funnels: { 'funnels/appeal.json': files.funnel },
    schemas: {
      ...formatAndTinySchemas(),
      'schemas/ticket.schema.json': files.ticket,
      // Asks for a sort code no one can write: 6 digits, at most 4 characters.
      'schemas/refund.schema.json': {
        $schema: DRAFT_07,
        $id: 'refund',
        type: 'object',
        required: ['sortCode'],
        properties: {
          sortCode: { type: 'string', title: 'Sort code', pattern: '^[0-9]{6}$', maxLength: 4 },
        },
      },
    },
    examples: { 'funnels/examples/appeal.json': files.examples },
  };
  if (via === 'check') return checkRegistryFiles(input).problems.map(formatProblem);
  const result = createRegistry(input, {
    compileValidator: createAjvCompileValidator(),
    words,
    sampleAnswers,
  });
  return result.ok ? [] : result.problems.map(formatProblem);
}

const properties = (files: Appeal) => files.ticket.properties as Record<string, object>;

describe('funnels:check on a first funnel with one mistake', () => {
  it('passes the appeal as written', () => {
    expect(linesAfter(() => undefined)).toEqual([]);
    expect(linesAfter(() => undefined, 'run time')).toEqual([]);
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
      'a money bound that is not an amount',
      (files) =>
        void (properties(files).amount = {
          type: 'string',
          format: 'money',
          title: 'Amount',
          formatMinimum: '1',
          formatMaximum: '12.345',
        }),
      [
        'schemas/ticket.schema.json: /properties/amount/formatMaximum: "12.345" is not an amount of money: write the bound in pounds as text, like "1" or "1,150.50"',
      ],
    ],
    [
      'a rule asking a yes/no answer for "yes", which no answer is: named at the rule',
      (files) =>
        void (files.funnel.pages[0]!.next = [
          { when: whenAnswer('ticket', 'paid', 'yes'), goto: 'sign' },
        ]),
      [
        'funnels/appeal.json: /pages/0/next/0/when/properties/ticket/properties/paid/const: no answer can take this rule: "paid" on page "ticket" is a boolean, never "yes"',
      ],
    ],
    [
      'a rule asking for a choice the field does not offer',
      (files) => {
        properties(files).paid = { type: 'string', title: 'Paid?', enum: ['paid', 'unpaid'] };
        files.funnel.pages[0]!.next = [
          { when: whenAnswer('ticket', 'paid', 'settled'), goto: 'sign' },
        ];
      },
      [
        'funnels/appeal.json: /pages/0/next/0/when/properties/ticket/properties/paid/const: no answer can take this rule: "paid" on page "ticket" is one of "paid", "unpaid", never "settled"',
      ],
    ],
    [
      'a tidy-up name that does not exist (a typo)',
      (files) =>
        void (properties(files).pcnNumber = {
          type: 'string',
          title: 'PCN number',
          minLength: 1,
          'x-normalise': 'ukPostCode',
        }),
      [
        'schemas/ticket.schema.json: /properties/pcnNumber/x-normalise: "ukPostCode" is no tidy-up this product knows: use one of "ukPostcode", "vehicleRegistration", "money"',
      ],
    ],
    [
      'a role naming a field the page lacks (a typo)',
      (files) =>
        void (files.funnel.roles = {
          name: ['/reason/name'],
          subject: { field: '/ticket/pcnNumbr', label: 'PCN' },
        }),
      [
        'funnels/appeal.json: /roles/subject/field: "/ticket/pcnNumbr": page "ticket" (schema ticket) has no field "pcnNumbr" (did you mean "pcnNumber"?)',
      ],
    ],
    [
      'a role naming a page the funnel lacks',
      (files) => void (files.funnel.roles = { email: '/contact/email' }),
      [
        'funnels/appeal.json: /roles/email: "/contact/email" names page "contact", which this funnel does not have',
      ],
    ],
    [
      'a role naming a field that is not text',
      (files) => void (files.funnel.roles = { phone: '/ticket/paid' }),
      [
        'funnels/appeal.json: /roles/phone: "/ticket/paid": field "paid" of page "ticket" is not text, so it cannot be a name, email, phone or subject',
      ],
    ],
    [
      'a role that is not a pointer to a field',
      (files) => void (files.funnel.roles = { email: 'email' }),
      [
        'funnels/appeal.json: /roles/email: must be a pointer to a field of a page, like /your-details/email',
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
      'a branch tests a value its field never takes (and no example takes it)',
      (files) => {
        files.funnel.pages[0]!.next = [{ when: whenAnswer('ticket', 'paid', 'yes'), goto: 'sign' }];
        files.examples.shift();
      },
      [
        'funnels/appeal.json: /pages/0/next/0/when/properties/ticket/properties/paid/const: no answer can take this rule: "paid" on page "ticket" is a boolean, never "yes"',
      ],
    ],
    [
      'a branch tests a page id that does not exist',
      (files) => {
        files.funnel.pages[0]!.next = [{ when: whenAnswer('tickets', 'paid', true), goto: 'sign' }];
        files.examples.shift();
      },
      [
        'funnels/appeal.json: /pages/0/next/0/when: no answers take this rule to "sign": neither the example claims nor answers generated from page schemas match its "when" (check the page ids, field names and values it tests), or add an example claim that takes it to funnels/examples/appeal.json',
      ],
    ],
    [
      'a branch page no answers pass, that no example reaches',
      (files) => {
        files.funnel.pages.splice(2, 0, { pageId: 'refund', title: 'Refund', schema: 'refund' });
        files.funnel.pages[0]!.next = [
          { when: whenAnswer('ticket', 'paid', true), goto: 'refund' },
        ];
        files.funnel.pages[1]!.next = [{ goto: 'sign' }];
        files.examples.shift();
      },
      [
        'funnels/appeal.json: /pages/2: no answers pass page "refund": no example claim answers it, and generated answers fail at /sortCode: Enter sort code in the correct format. Add an example claim that reaches it to funnels/examples/appeal.json, or fix its schema',
      ],
    ],
    [
      'a rule that always matches before the following page',
      (files) => {
        files.funnel.pages[0]!.next = [{ when: { required: ['ticket'] }, goto: 'sign' }];
        files.examples.pop();
      },
      [
        'funnels/appeal.json: /pages/1: no answers reach page "reason": every route to it passes a rule that takes claimants elsewhere first',
      ],
    ],
    [
      'a last page that is a question, not an end',
      (files) => {
        files.funnel.pages.push({ pageId: 'extra', title: 'Anything else', schema: 'name' });
        files.funnel.pages[1]!.next = [{ goto: 'extra' }];
      },
      [
        'funnels/appeal.json: /pages/3: page "extra" is the last page but is neither review-and-sign nor exit, so claimants who reach it cannot go on: give it "kind", or "next" rules',
      ],
    ],
    [
      'a location-independent $id ("#ticket")',
      (files) => void (files.ticket.$id = '#ticket'),
      [
        'schemas/ticket.schema.json: /$id: "$id" must be "ticket", the file name without .schema.json, not "#ticket"',
      ],
    ],
    [
      "a typo in the schema's own $id",
      (files) => void (files.ticket.$id = 'tickt'),
      [
        'schemas/ticket.schema.json: /$id: "$id" is "tickt", so the file must be named tickt.schema.json',
      ],
    ],
    [
      'a percent-encoded $ref',
      (files) => {
        files.ticket.definitions = { 'pcn%number': { type: 'string', minLength: 1 } };
        properties(files).pcnNumber = { $ref: '#/definitions/pcn%25number', title: 'PCN number' };
      },
      [
        'schemas/ticket.schema.json: /properties/pcnNumber/$ref: "$ref": "#/definitions/pcn%25number" uses percent-encoding, which AJV cannot resolve: name the definition without "%" (letters, digits, "-" and "_") and refer to it by that name',
      ],
    ],
    [
      'a field named __proto__',
      (files) =>
        void Object.defineProperty(properties(files), '__proto__', {
          value: { type: 'string' },
          enumerable: true,
        }),
      [
        'schemas/ticket.schema.json: /properties/__proto__: "__proto__" cannot be a field name: JavaScript treats it as an object\'s prototype, so the answer would be lost. Choose another name',
      ],
    ],
    [
      'a misspelt widget name',
      (files) =>
        void (files.funnel.pages[0]!.uiSchema = { pcnNumber: { 'ui:widget': 'adressLookup' } }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/pcnNumber/ui:widget: "adressLookup" is not a widget for "pcnNumber": did you mean "addressLookup"?',
      ],
    ],
    [
      'a widget RJSF has only for other types',
      (files) => void (files.funnel.pages[0]!.uiSchema = { paid: { 'ui:widget': 'textarea' } }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/paid/ui:widget: "textarea" is not a widget for "paid": a boolean question takes "checkbox", "radio", "select", "hidden", or a widget registered by name',
      ],
    ],
    [
      'a lookup fill map naming a field the page does not have',
      (files) =>
        void (files.funnel.pages[0]!.uiSchema = {
          pcnNumber: {
            'ui:widget': 'vehicleLookup',
            'ui:options': { fill: { amont: 'engineCapacity' } },
          },
        }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/pcnNumber/ui:options/fill/amont: "amont" is not a field of the page, so nothing would be filled: did you mean "amount"?',
      ],
    ],
    [
      'a lookup fill map copying something the lookup does not return',
      (files) =>
        void (files.funnel.pages[0]!.uiSchema = {
          pcnNumber: {
            'ui:widget': 'vehicleLookup',
            'ui:options': { fill: { amount: 'engineSize' } },
          },
        }),
      [
        'funnels/appeal.json: /pages/0/uiSchema/pcnNumber/ui:options/fill/amount: "engineSize" is not part of what vehicleLookup finds: use one of "registrationNumber", "make", "colour", "fuelType", "yearOfManufacture", "monthOfFirstRegistration", "engineCapacity"',
      ],
    ],
    [
      'an example that answers the wrong type',
      (files) => void ((files.examples[0]!.answers.ticket as { paid: unknown }).paid = 'yes'),
      expect.arrayContaining([expect.stringMatching(/^funnels\/examples\/appeal\.json: \/0\//)]),
    ],
    [
      'a type no JSON Schema has (a typo)',
      (files) => void (properties(files).pcnNumber = { type: 'strnig', title: 'PCN number' }),
      [
        'schemas/ticket.schema.json: /properties/pcnNumber/type: ticket: not a valid JSON Schema: schema/properties/pcnNumber/type must be equal to one of the allowed values, schema/properties/pcnNumber/type must be array, schema/properties/pcnNumber/type must match a schema in anyOf',
      ],
    ],
    [
      'a $ref to a definition the schema does not have',
      (files) => void (properties(files).pcnNumber = { $ref: '#/definitions/pcn' }),
      [
        'schemas/ticket.schema.json: /properties/pcnNumber/$ref: refers to "#/definitions/pcn", which does not exist',
      ],
    ],
  ])('%s', (_name, mistake, expected) => {
    const lines = linesAfter(mistake);
    expect(lines).toEqual(expected);
    // One root cause, one line.
    if (Array.isArray(expected)) expect(lines).toHaveLength(1);
    // The gateway and the dev server say the same of it.
    expect(linesAfter(mistake, 'run time')).toEqual(lines);
  });
});
