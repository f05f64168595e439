import { describe, expect, it } from 'vitest';
import {
  claimCsvLine,
  claimsCsvLayout,
  csvLine,
} from '../../../../src/runtime/funnel/answers/claimsCsv';
import type { Funnel, JsonSchemaObject } from '../../../../src/runtime/funnel';
import type { StaffClaimRow } from '../../../../src/runtime/types';

describe('csvLine', () => {
  it('quotes every field, doubles quotes and ends with CRLF', () => {
    expect(csvLine(['VC-1', 'Sam "Sammy" Jones', 'a,b', null, 'two\nlines'])).toBe(
      '"VC-1","Sam ""Sammy"" Jones","a,b","","two\nlines"\r\n',
    );
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', 'ok=1'])).toBe(
      `"'=HYPERLINK(""x"")","'+1","'-2","'@SUM(A1)","'\tx","ok=1"\r\n`,
    );
  });

  it('defuses full-width formula characters, and ones hidden behind invisible characters', () => {
    const fields = ['＝1+1', '＋1', '－2', '＠SUM(A1)', '\u200B=1', '\uFEFF@x', '\u202E=1', ' =1'];
    expect(csvLine(fields)).toBe(`${fields.map((field) => `"'${field}"`).join(',')}\r\n`);
    // Text that merely contains them later is left as it is.
    expect(csvLine(['Sam ＝ Jones', 'a-b'])).toBe('"Sam ＝ Jones","a-b"\r\n');
  });
});

/** A funnel unlike the built-in ones: one name field, a flight, an optional page, a sign page. */
const flightFunnel = {
  funnelId: 'flight-delay',
  version: 2,
  title: 'Flight delay compensation',
  roles: {
    name: ['/traveller/fullName'],
    email: '/traveller/email',
    subject: { field: '/flight/flightCode', label: 'Flight number' },
  },
  pages: [
    { pageId: 'traveller', title: 'About you', schema: 'traveller' },
    {
      pageId: 'flight',
      title: 'Your flight',
      schema: 'flight',
      uiSchema: {
        costs: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Meals', 'A hotel', 'A taxi'] },
      },
    },
    { pageId: 'extras', title: 'Anything else', schema: 'extras' },
    { pageId: 'declare', title: 'Send', schema: 'declare', kind: 'review-and-sign' },
    { pageId: 'sorry', title: 'We cannot help', schema: 'declare', kind: 'exit' },
  ],
} as unknown as Funnel;

const schemas: Record<string, JsonSchemaObject> = {
  traveller: {
    type: 'object',
    properties: {
      fullName: { type: 'string', title: 'Full name' },
      email: { type: 'string', title: 'Email address' },
    },
  },
  flight: {
    type: 'object',
    properties: {
      flightCode: { type: 'string', title: 'Flight number' },
      departed: { type: 'string', format: 'date', title: 'Date of the flight' },
      delayHours: { type: 'integer', title: 'Hours late' },
      cause: {
        type: 'string',
        title: 'What the airline said',
        oneOf: [
          { const: 'weather', title: 'Bad weather' },
          { const: 'technical', title: 'A technical fault' },
        ],
      },
      airport: {
        type: 'object',
        title: 'Airport',
        properties: { code: { type: 'string', title: 'Code' } },
      },
      costs: {
        type: 'array',
        title: 'What you paid for',
        items: { type: 'string', enum: ['meals', 'hotel', 'taxi'] },
      },
      spent: { type: 'string', format: 'money', title: 'Amount spent, in pounds' },
      rebooked: { type: 'boolean', title: 'Rebooked' },
    },
  },
  // An optional page whose question shares a label with another page's.
  extras: { type: 'object', properties: { email: { type: 'string', title: 'Email address' } } },
  declare: { type: 'object', properties: { agree: { type: 'boolean', title: 'I agree' } } },
};

const row: StaffClaimRow = {
  claimId: 'c1',
  funnelId: 'flight-delay',
  reference: 'FD-1',
  stage: 'sent',
  claimantName: 'Ada Byron-King',
  email: 'ada@example.com',
  phone: null,
  subject: 'BA 123',
  asked: { name: true, email: true, phone: false, subjectLabel: 'Flight number' },
  submittedAt: '2026-11-01T10:00:00.000Z',
  stageChangedAt: null,
};

describe('claimsCsvLayout and claimCsvLine', () => {
  const layout = claimsCsvLayout(flightFunnel, (schemaId) => schemas[schemaId]);

  it('heads the roles first, the subject under its own label, then each question as asked', () => {
    expect(layout.header).toEqual([
      'Reference',
      'Claimant',
      'Email',
      'Phone',
      'Flight number',
      'Stage',
      'Sent at',
      'Stage changed at',
      'Full name',
      'Email address (About you)',
      'Flight number',
      'Date of the flight',
      'Hours late',
      'What the airline said',
      'What the airline said (code)',
      'Airport: Code',
      'What you paid for',
      'What you paid for (code)',
      'Amount spent, in pounds',
      'Rebooked',
      'Email address (Anything else)',
    ]);
  });

  it('fills answers as the check page shows them (with the stored values of a choice beside it), a question not asked as "Not asked", an empty optional page blank', () => {
    const line = claimCsvLine(
      layout,
      row,
      {
        traveller: { fullName: 'Ada Byron-King', email: 'ada@example.com' },
        flight: {
          flightCode: 'BA 123',
          departed: '2026-03-27',
          delayHours: 5,
          cause: 'technical',
          airport: { code: 'LHR' },
          costs: ['meals', 'taxi'],
          spent: '1150.50',
          rebooked: false,
        },
        extras: {},
        declare: { agree: true },
      },
      'Sent',
    );
    expect(line).toBe(
      [
        'FD-1',
        'Ada Byron-King',
        'ada@example.com',
        'Not asked in this funnel',
        'BA 123',
        'Sent',
        '2026-11-01T10:00:00.000Z',
        '',
        'Ada Byron-King',
        'ada@example.com',
        'BA 123',
        '27 March 2026',
        '5',
        'A technical fault',
        'technical',
        'LHR',
        'Meals, A taxi',
        'meals, taxi',
        '£1,150.50',
        'No',
        '',
      ]
        .map((field) => `"${field}"`)
        .join(',') + '\r\n',
    );
  });

  it('defuses a formula typed into any answer', () => {
    const line = claimCsvLine(
      layout,
      row,
      { traveller: { fullName: '=HYPERLINK("http://x")' }, flight: { flightCode: '＋1' } },
      'Sent',
    );
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`"'＋1"`);
  });
});
