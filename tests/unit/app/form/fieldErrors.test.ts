import { describe, expect, it } from 'vitest';
import { fieldOrderOf, toSummaryErrors } from '../../../../src/app/form/renderers/fieldErrors';

const schema = { properties: { addressLine1: {}, town: {}, postcode: {}, years: {} } };

describe('fieldOrderOf', () => {
  it('follows ui:order, its * standing for the fields it does not name', () => {
    expect(fieldOrderOf(schema, { 'ui:order': ['postcode', '*', 'years'] })).toEqual([
      'postcode',
      'addressLine1',
      'town',
      'years',
    ]);
  });

  it('is the schema order without ui:order', () => {
    expect(fieldOrderOf(schema)).toEqual(['addressLine1', 'town', 'postcode', 'years']);
  });
});

describe('toSummaryErrors', () => {
  it('lists errors in the order the fields are shown, one per field', () => {
    const summary = toSummaryErrors(
      [
        { field: 'addressLine1', message: 'Enter address line 1', pointer: '' },
        { field: 'postcode', message: 'Enter your postcode', pointer: '' },
        { field: 'postcode', message: 'second message', pointer: '' },
        { field: 'previous.town', message: 'Enter the town', pointer: '' },
      ],
      ['postcode', 'addressLine1', 'previous'],
    );
    expect(summary.map((error) => error.message)).toEqual([
      'Enter your postcode',
      'Enter address line 1',
      'Enter the town',
    ]);
  });
});
