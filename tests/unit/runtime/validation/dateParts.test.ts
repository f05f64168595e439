import { describe, expect, it } from 'vitest';
import {
  dateMessage,
  datePartsOf,
  dateValueOf,
  isRealDate,
  missingDateParts,
  wrongDateParts,
} from '../../../../src/runtime/validation';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import type { ValidationWords } from '../../../../src/runtime/types';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

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
    const titles = (title: string) => ({ title, titleInSentence: title.toLowerCase() });
    const agreement = titles('Agreement start date');
    expect(dateMessage('2019--15', real, agreement, words)).toBe(
      'Date the agreement started must include a month',
    );
    expect(dateMessage('--15', real, agreement, words)).toBe(
      'Date the agreement started must include a month and year',
    );
    expect(dateMessage('2019-02-30', real, agreement, words)).toBe(real);
    expect(dateMessage('2019--15', 'Enter a valid date', titles('Date you bought it'), words)).toBe(
      'Date you bought it must include a month',
    );
  });

  it('reads the field’s own message by the pattern of the language it is said in', () => {
    // Not Welsh: a test language whose "real date" message puts the date last.
    const reversed: ValidationWords = (key, values = {}) =>
      key === 'field.notRealDate'
        ? `Not a real date: ${String(values.title)}`
        : key === 'field.dateMissing'
          ? `${String(values.title)} lacks ${String(values.missing)}`
          : key;
    const titles = { title: 'Purchase', titleInSentence: 'purchase' };
    expect(dateMessage('2019--15', 'Not a real date: When you bought it', titles, reversed)).toBe(
      'When you bought it lacks month',
    );
    // A message of the field's own that does not follow the pattern names the question instead.
    expect(dateMessage('--15', 'Type the date again', titles, reversed)).toBe(
      'Purchase lacks monthYear',
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
  const validate = createAjvCompileValidator()('date-test', schema, words);

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

describe('wrongDateParts', () => {
  const all = ['day', 'month', 'year'];
  it('names the missing parts when some were typed', () => {
    expect(wrongDateParts('2016--12')).toEqual(['month']);
    expect(wrongDateParts('--12')).toEqual(['month', 'year']);
  });

  it('names the parts that cannot be a day, month or year', () => {
    expect(wrongDateParts('2016-13-12')).toEqual(['month']);
    expect(wrongDateParts('16-03-12')).toEqual(['year']);
    expect(wrongDateParts('2016-0a-32')).toEqual(['day', 'month']);
  });

  it('names the day of a date its month does not have', () => {
    expect(wrongDateParts('2023-04-31')).toEqual(['day']);
    expect(wrongDateParts('2023-02-29')).toEqual(['day']);
  });

  it('names every part when the date is missing or wrong as a whole', () => {
    expect(wrongDateParts(undefined)).toEqual(all);
    expect(wrongDateParts('--')).toEqual(all);
    // A real date refused for its range (before a start date, in the future).
    expect(wrongDateParts('2030-01-01')).toEqual(all);
    expect(wrongDateParts('soon')).toEqual(all);
  });
});
