/** Tidying and checking registrations and postcodes before any outside call. */
import { describe, expect, it } from 'vitest';
import {
  isValidUkPostcode,
  isValidUkRegistration,
  normaliseRegistration,
  normaliseUkPostcode,
} from '../../../../src/runtime/claim';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import commonSchema from '../../../../schemas/common.schema.json';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

describe('registrations', () => {
  it('are upper-cased with spaces removed', () => {
    expect(normaliseRegistration(' ab12 cde ')).toBe('AB12CDE');
    expect(normaliseRegistration('a123\tbcd')).toBe('A123BCD');
  });

  it.each([
    ['AB12CDE', 'current'],
    ['A123BCD', 'prefix'],
    ['P1ABC', 'prefix, short number'],
    ['ABC123D', 'suffix'],
    ['ABC1D', 'suffix, short number'],
    ['A1', 'dateless'],
    ['ABC1234', 'dateless, long'],
    ['1234AB', 'dateless reversed'],
    ['ABZ1234', 'Northern Ireland'],
    ['1234ABZ', 'Northern Ireland reversed'],
  ])('accepts %s (%s)', (registration) => {
    expect(isValidUkRegistration(registration)).toBe(true);
  });

  it.each([
    '',
    'A',
    '1',
    'AB12CDEF',
    'ABCDE1',
    'AB-12-CDE',
    'HELLOWORLD',
    '12345678',
    'AB12C!E',
    'ABCD123',
  ])('rejects %j', (registration) => {
    expect(isValidUkRegistration(registration)).toBe(false);
  });
});

describe('postcodes', () => {
  it.each([
    ['sw1a2aa', 'SW1A 2AA'],
    [' SW1A   2AA ', 'SW1A 2AA'],
    ['m11ae', 'M1 1AE'],
    ['b338th', 'B33 8TH'],
    ['cr26xh', 'CR2 6XH'],
    ['dn551pt', 'DN55 1PT'],
    ['w1a0ax', 'W1A 0AX'],
    ['ec1a1bb', 'EC1A 1BB'],
    ['gir0aa', 'GIR 0AA'],
  ])('normalises %j to a valid %s', (input, written) => {
    expect(normaliseUkPostcode(input)).toBe(written);
    expect(isValidUkPostcode(written)).toBe(true);
  });

  it.each(['', 'SW1A', 'SW1', 'HELLO', '12345', 'SW1A 2A', 'SW1A 2AAA', '1SW 2AA', 'SW1A-2AA'])(
    'rejects %j',
    (input) => {
      expect(isValidUkPostcode(normaliseUkPostcode(input))).toBe(false);
    },
  );
});

describe('one definition with the page schemas', () => {
  const compile = createAjvCompileValidator();
  const formField = (definition: 'ukPostcode' | 'vehicleRegistration') =>
    compile(`common-${definition}`, commonSchema.definitions[definition], words);

  it.each(['ABCD123', 'AB12CDE', 'QI1 1AA', 'SW1A 2AA', 'ABZ1234', 'A1', 'HELLO'])(
    'the form and the lookups agree on %s',
    (typed) => {
      const asPostcode = formField('ukPostcode')(typed).valid;
      const asRegistration = formField('vehicleRegistration')(typed).valid;
      expect(isValidUkPostcode(normaliseUkPostcode(typed))).toBe(asPostcode);
      expect(isValidUkRegistration(normaliseRegistration(typed))).toBe(asRegistration);
    },
  );
});
