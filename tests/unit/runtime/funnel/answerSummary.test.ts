import { describe, expect, it } from 'vitest';
import { summariseAnswers } from '../../../../src/runtime/funnel';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name' },
    financeType: {
      type: 'string',
      title: 'Type of finance',
      oneOf: [
        { const: 'pcp', title: 'Personal contract purchase (PCP)' },
        { const: 'none', title: 'No finance' },
      ],
    },
    startDate: { type: 'string', title: 'Start date', format: 'date' },
    consent: { type: 'boolean', title: 'I agree' },
    previousAddress: {
      type: 'object',
      title: 'Previous address',
      properties: { postcode: { type: 'string', title: 'Postcode' } },
    },
  },
  if: { properties: { name: { const: 'x' } } },
  then: { properties: { extra: { type: 'string', title: 'Extra detail' } } },
};

describe('summariseAnswers', () => {
  it('labels each answer with its schema title and a readable value', () => {
    const rows = summariseAnswers(schema, {
      name: 'Ann Smith',
      financeType: 'pcp',
      startDate: '2019-03-27',
      consent: true,
      previousAddress: { postcode: 'SW1A 2AA' },
    });
    expect(rows).toEqual([
      { field: 'name', label: 'Full name', value: 'Ann Smith' },
      { field: 'financeType', label: 'Type of finance', value: 'Personal contract purchase (PCP)' },
      { field: 'startDate', label: 'Start date', value: '27 March 2019' },
      { field: 'consent', label: 'I agree', value: 'Yes' },
      { field: 'previousAddress.postcode', label: 'Previous address: Postcode', value: 'SW1A 2AA' },
    ]);
  });

  it('includes fields that conditional branches add, and skips empty answers', () => {
    const rows = summariseAnswers(schema, { name: 'x', extra: 'more', financeType: '' });
    expect(rows.map((row) => row.field)).toEqual(['name', 'extra']);
  });

  it('returns nothing for a page not answered', () => {
    expect(summariseAnswers(schema, undefined)).toEqual([]);
  });
});

describe('summariseAnswers with bundled schemas', () => {
  it('follows local $refs for titles and formats, keeping the property’s own title', () => {
    const bundled = {
      type: 'object',
      definitions: {
        'common.emailAddress': { type: 'string', title: 'Email address', format: 'email' },
        'common.calendarDate': { type: 'string', format: 'date' },
      },
      properties: {
        email: { $ref: '#/definitions/common.emailAddress' },
        startDate: { $ref: '#/definitions/common.calendarDate', title: 'Agreement start date' },
      },
    };
    expect(summariseAnswers(bundled, { email: 'a@example.com', startDate: '2019-03-27' })).toEqual([
      { field: 'email', label: 'Email address', value: 'a@example.com' },
      { field: 'startDate', label: 'Agreement start date', value: '27 March 2019' },
    ]);
  });
});
