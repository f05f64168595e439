/** The built-in page schemas accept what UK claimants type and refuse the rest. */
import { describe, expect, it } from 'vitest';
import { projectRegistry } from '../projectFiles';

const registry = projectRegistry();
const fieldsWithErrors = (funnelId: string, pageId: string, answers: unknown) =>
  registry.validatePage(funnelId, pageId, answers).errors.map((error) => error.field);

describe('contact (start page)', () => {
  const valid = {
    firstName: 'Sam',
    lastName: 'Jones',
    email: 'sam@example.com',
    phoneNumber: '07700 900982',
  };
  it.each(['07700900982', '07700 900982', '07700 900 982', '+447700900982', '+44 7700 900 982'])(
    'accepts mobile %s',
    (phoneNumber) => {
      expect(fieldsWithErrors('vehicle-claim', 'start', { ...valid, phoneNumber })).toEqual([]);
    },
  );
  it.each(['01632 960001', '0770090098', '+44 1632 960001', '7700 900982'])(
    'refuses %s as a mobile',
    (phoneNumber) => {
      expect(
        registry.validatePage('vehicle-claim', 'start', { ...valid, phoneNumber }).errors,
      ).toEqual([
        {
          pointer: '/phoneNumber',
          field: 'phoneNumber',
          message: 'Enter a UK mobile phone number, like 07700 900 982 or +44 7700 900 982',
        },
      ]);
    },
  );
  it.each(['   ', 'Sam\u0000', '\tSam\n'])(
    'refuses the name %j (spaces only, or control characters)',
    (firstName) => {
      expect(
        registry.validatePage('vehicle-claim', 'start', { ...valid, firstName }).errors,
      ).toEqual([{ pointer: '/firstName', field: 'firstName', message: 'Enter your first name' }]);
    },
  );
  it("accepts names people have: O'Brien, Zoë, Jean-Luc, a space inside", () => {
    for (const firstName of ["O'Brien", 'Zoë', 'Jean-Luc', 'Mary Ann', ' Sam ']) {
      expect(
        fieldsWithErrors('vehicle-claim', 'start', { ...valid, firstName }),
        firstName,
      ).toEqual([]);
    }
  });
  it('refuses an answer to a question the page does not ask, naming it', () => {
    expect(fieldsWithErrors('vehicle-claim', 'start', { ...valid, mileage: 1 })).toEqual([
      'mileage',
    ]);
  });
  it('refuses a malformed email address in GOV.UK words', () => {
    expect(
      registry.validatePage('vehicle-claim', 'start', { ...valid, email: 'sam@' }).errors[0]
        ?.message,
    ).toBe('Enter an email address in the correct format, like name@example.com');
  });
});

describe('address', () => {
  const valid = {
    addressLine1: '1 High Street',
    town: 'Leeds',
    postcode: 'LS1 4AP',
    yearsAtAddress: '3-or-more',
  };
  it.each([
    'SW1A 2AA',
    'sw1a2aa',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'W1A 0AX',
    'EC1A 1BB',
    'GIR 0AA',
  ])('accepts postcode %s', (postcode) => {
    expect(fieldsWithErrors('vehicle-claim', 'address', { ...valid, postcode })).toEqual([]);
  });
  it.each(['12345', 'SW1A', 'SW1A 2AAA', 'SW1A 2A', 'LS1-4AP'])(
    'refuses postcode %s',
    (postcode) => {
      expect(fieldsWithErrors('vehicle-claim', 'address', { ...valid, postcode })).toEqual([
        'postcode',
      ]);
    },
  );
  it('asks for a previous address only when at the address under 3 years', () => {
    expect(
      fieldsWithErrors('vehicle-claim', 'address', { ...valid, yearsAtAddress: 'less-than-3' }),
    ).toEqual(['previousAddress']);
    const previousAddress = { addressLine1: '2 Low Road', town: 'York', postcode: 'YO1 7HH' };
    expect(
      fieldsWithErrors('vehicle-claim', 'address', {
        ...valid,
        yearsAtAddress: 'less-than-3',
        previousAddress,
      }),
    ).toEqual([]);
  });
});

describe('vehicle-finance (check page)', () => {
  const valid = {
    registrationNumber: 'AB12 CDE',
    make: 'Ford',
    model: 'Focus',
    financeType: 'pcp',
    lenderName: 'Lender',
    agreementStartDate: '2019-03-27',
    agreementEndDate: '2022-03-27',
  };
  it.each(['AB12 CDE', 'ab12cde', 'A123 BCD', 'ABC 123D', 'ABC123D', '1234 AB', 'AB 1234', 'K1'])(
    'accepts registration %s',
    (registrationNumber) => {
      expect(fieldsWithErrors('vehicle-claim', 'check', { ...valid, registrationNumber })).toEqual(
        [],
      );
    },
  );
  it.each(['AB12 CDEF', '12345 AB', 'AB-12-CDE', ''])(
    'refuses registration "%s"',
    (registrationNumber) => {
      expect(fieldsWithErrors('vehicle-claim', 'check', { ...valid, registrationNumber })).toEqual([
        'registrationNumber',
      ]);
    },
  );
  it('needs lender and dates unless no finance was used', () => {
    const { lenderName, agreementStartDate, agreementEndDate, ...vehicleOnly } = valid;
    void [lenderName, agreementStartDate, agreementEndDate];
    expect(fieldsWithErrors('vehicle-claim', 'check', vehicleOnly)).toEqual([
      'lenderName',
      'agreementStartDate',
      'agreementEndDate',
    ]);
    expect(
      fieldsWithErrors('vehicle-claim', 'check', { ...vehicleOnly, financeType: 'none' }),
    ).toEqual([]);
  });
  it('refuses impossible dates and an end before the start', () => {
    expect(
      registry.validatePage('vehicle-claim', 'check', {
        ...valid,
        agreementStartDate: '2019-02-30',
      }).errors,
    ).toEqual([
      {
        pointer: '/agreementStartDate',
        field: 'agreementStartDate',
        message: 'Date the agreement started must be a real date',
      },
    ]);
    expect(
      registry.validatePage('vehicle-claim', 'check', { ...valid, agreementEndDate: '2018-01-01' })
        .errors[0]?.message,
    ).toBe('Date the agreement ended must be the same as or after the date it started');
  });
});

describe('signature (sign page)', () => {
  it('needs consent ticked and a signature (detailed cases: signatureSchema.test.ts)', () => {
    expect(
      fieldsWithErrors('vehicle-claim', 'sign', {
        consent: true,
        signature: { method: 'typed', name: 'Sam Jones' },
      }),
    ).toEqual([]);
    expect(registry.validatePage('vehicle-claim', 'sign', { consent: false }).errors).toEqual([
      {
        pointer: '/consent',
        field: 'consent',
        message: 'Select to confirm the information you have given is true',
      },
      {
        pointer: '/signature',
        field: 'signature',
        message: 'Sign your claim: draw your signature or type your full name',
      },
    ]);
  });
});
