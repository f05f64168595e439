import { describe, expect, it } from 'vitest';
import {
  compareMoney,
  formatMoney,
  isStoredMoney,
  moneyInField,
  parseMoney,
} from '../../../../src/runtime/claim';
import { createAjv } from '../../../../src/runtime/validation/ajvCompiler';
import { normaliseAnswers } from '../../../../src/runtime/funnel';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { standaloneRequire } from '../../../support/standaloneRequire';

describe('parseMoney', () => {
  it.each([
    ['1,150.50', '1150.50'],
    ['£1150', '1150.00'],
    ['1150.5', '1150.50'],
    [' £1,150 ', '1150.00'],
    ['£ 0.05', '0.05'],
    ['0', '0.00'],
    ['007.10', '7.10'],
    ['1150.50', '1150.50'],
  ])('reads %j as %j', (typed, stored) => {
    expect(parseMoney(typed)).toBe(stored);
  });

  it.each([
    '12.345',
    'abc',
    '1,15,0',
    '1,1500',
    '-5',
    '£-5',
    '-£5',
    '1e3',
    '1.',
    '.5',
    '',
    '£',
    '12,34.00',
    '1 150',
    '0x10',
    'Infinity',
    'NaN',
  ])('refuses %j', (typed) => {
    expect(parseMoney(typed)).toBeUndefined();
  });

  it('refuses pence it would have to round (no half pennies)', () => {
    expect(parseMoney('0.005')).toBeUndefined();
    expect(parseMoney('10.999')).toBeUndefined();
  });

  it('keeps what floating point would lose: 0.1 + 0.2 and amounts past 2^53 pence', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(parseMoney('0.3')).toBe('0.30');
    // 2^53 + 1 pence: a number cannot hold it, the digits can.
    expect(parseMoney('90,071,992,547,409.93')).toBe('90071992547409.93');
    expect(formatMoney('90071992547409.93')).toBe('£90,071,992,547,409.93');
    expect(parseMoney('999999999999999.99')).toBe('999999999999999.99');
  });

  it('refuses amounts of more than 15 digits of pounds', () => {
    expect(parseMoney('1000000000000000')).toBeUndefined();
    expect(parseMoney('9'.repeat(400))).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it.each([
    ['1150.50', '£1,150.50'],
    ['0.05', '£0.05'],
    ['999.00', '£999.00'],
    ['1000.00', '£1,000.00'],
    ['1234567.89', '£1,234,567.89'],
    // A typed form reads the same, so a draft not yet saved shows the same amount.
    ['£1,150.5', '£1,150.50'],
  ])('shows %j as %j', (stored, shown) => {
    expect(formatMoney(stored)).toBe(shown);
  });

  it('shows a value that is no amount as it is, hiding nothing', () => {
    expect(formatMoney('abc')).toBe('abc');
  });

  it('knows the stored form', () => {
    expect(isStoredMoney('1150.50')).toBe(true);
    expect(isStoredMoney('1150.5')).toBe(false);
    expect(isStoredMoney('01.00')).toBe(false);
    expect(isStoredMoney(1150.5)).toBe(false);
  });
});

describe('compareMoney', () => {
  it('compares exactly, whatever the length or form', () => {
    expect(compareMoney('0.10', '0.1')).toBe(0);
    expect(compareMoney('£1,000', '999.99')).toBeGreaterThan(0);
    expect(compareMoney('0.99', '1')).toBeLessThan(0);
    expect(compareMoney('90071992547409.93', '90071992547409.92')).toBeGreaterThan(0);
    expect(compareMoney('abc', '1')).toBeUndefined();
  });
});

describe('the money format in AJV', () => {
  const ajv = createAjv();
  const validate = ajv.compile({
    type: 'object',
    properties: {
      paid: { type: 'string', format: 'money', formatMinimum: '1', formatMaximum: '10,000' },
    },
  });

  it('accepts typed and stored amounts within the bounds', () => {
    expect(validate({ paid: '£1,150.50' })).toBe(true);
    expect(validate({ paid: '1150.50' })).toBe(true);
    expect(validate({ paid: '1' })).toBe(true);
    expect(validate({ paid: '10000.00' })).toBe(true);
  });

  it('refuses what is no amount, and amounts out of bounds', () => {
    expect(validate({ paid: '12.345' })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('format');
    expect(validate({ paid: '0.99' })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('formatMinimum');
    expect(validate({ paid: '10000.01' })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('formatMaximum');
    expect(validate({ paid: 1150.5 })).toBe(false);
  });

  it('is stored in its one form by the normaliser', () => {
    const schema = { type: 'object', properties: { paid: { type: 'string', format: 'money' } } };
    expect(normaliseAnswers({ paid: ' £1,150.5 ' }, schema)).toEqual({ paid: '1150.50' });
    expect(normaliseAnswers({ paid: '1,15,0' }, schema)).toEqual({ paid: '1,15,0' });
  });
});

describe('the money format in precompiled (standalone) validators', () => {
  it('is checked, bounds included, by the code the build ships', () => {
    const ajv = createAjv();
    ajv.opts.code.source = true;
    ajv.addSchema(
      {
        $id: 'paid',
        type: 'object',
        properties: { paid: { type: 'string', format: 'money', formatMinimum: '1' } },
      },
      'paid',
    );
    const code = standaloneCode(ajv, { paid: 'paid' });
    const module = { exports: {} as Record<string, (data: unknown) => boolean> };
    new Function('module', 'exports', 'require', code)(
      module,
      module.exports,
      standaloneRequire(import.meta.url),
    );
    const validate = module.exports.paid!;
    expect(validate({ paid: '£1,150.50' })).toBe(true);
    expect(validate({ paid: '1,15,0' })).toBe(false);
    expect(validate({ paid: '0.99' })).toBe(false);
  });
});

describe('moneyInField', () => {
  it.each([
    ['1150.50', '1,150.50'],
    ['1000000.00', '1,000,000.00'],
    ['999.99', '999.99'],
    ['0.05', '0.05'],
    // Not the stored form: as it is (being typed, or refused).
    ['1150.5', '1150.5'],
    ['12.345', '12.345'],
    ['', ''],
  ])('shows %j as %j', (value, shown) => {
    expect(moneyInField(value)).toBe(shown);
  });
});
