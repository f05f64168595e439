import { describe, expect, it } from 'vitest';
import {
  dateMessage,
  datePartsOf,
  dateValueOf,
  isRealDate,
  missingDateParts,
} from '../../../../src/runtime/validation';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';

describe('GOV.UK date input values', () => {
  it('stores day-first typing as an ISO date', () => {
    expect(dateValueOf({ day: '15', month: '3', year: '2019' })).toBe('2019-03-15');
    expect(dateValueOf({ day: ' 5 ', month: '12', year: '2020' })).toBe('2020-12-05');
    expect(datePartsOf('2019-03-15')).toEqual({ day: '15', month: '03', year: '2019' });
  });

  it('keeps a missing part in its place, and nothing typed as no answer', () => {
    expect(dateValueOf({ day: '15', month: '', year: '2019' })).toBe('2019--15');
    expect(missingDateParts('2019--15')).toEqual(['month']);
    expect(missingDateParts('--15')).toEqual(['month', 'year']);
    expect(dateValueOf({ day: '', month: '', year: '' })).toBeUndefined();
  });

  it('knows a real date from an impossible one', () => {
    expect(isRealDate('2019-03-15')).toBe(true);
    expect(isRealDate('2019-02-30')).toBe(false);
    expect(isRealDate('2019-13-01')).toBe(false);
    expect(isRealDate('19-03-15')).toBe(false);
  });

  it('words the GOV.UK messages from the field’s own message', () => {
    const real = 'Date the agreement started must be a real date';
    expect(dateMessage('2019--15', real, 'Agreement start date')).toBe(
      'Date the agreement started must include a month',
    );
    expect(dateMessage('--15', real, 'Agreement start date')).toBe(
      'Date the agreement started must include a month and year',
    );
    expect(dateMessage('2019-02-30', real, 'Agreement start date')).toBe(real);
    expect(dateMessage('2019--15', 'Enter a valid date', 'Date you bought it')).toBe(
      'Date you bought it must include a month',
    );
  });
});

describe('validation of a date typed in parts', () => {
  const schema = {
    $id: 'date-test',
    type: 'object',
    properties: { when: { type: 'string', format: 'date', title: 'Date of purchase' } },
    required: ['when'],
  };
  const validate = createAjvCompileValidator()('date-test', schema);

  it('accepts a real date and names the missing part or the impossible date', () => {
    expect(validate({ when: '2019-03-15' }).valid).toBe(true);
    expect(validate({ when: '2019--15' }).errors[0]?.message).toBe(
      'Date of purchase must include a month',
    );
    expect(validate({ when: '2019-02-30' }).errors[0]?.message).toBe(
      'Date of purchase must be a real date',
    );
  });
});
