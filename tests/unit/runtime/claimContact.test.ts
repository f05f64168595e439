import { describe, expect, it } from 'vitest';
import {
  NOT_ASKED,
  NOT_GIVEN,
  claimContactOf,
  roleText,
  rolesAskedOf,
  searchCandidatesOf,
  searchTermsOf,
  storedContactOf,
} from '../../../src/runtime/claim/claimContact';
import { roleFieldOf, subjectKeyOf } from '../../../src/runtime/claim/roleFields';

const vehicleRoles = {
  name: ['/start/firstName', '/start/lastName'],
  email: '/start/email',
  phone: '/start/phoneNumber',
  subject: { field: '/vehicle/registrationNumber', label: 'Registration' },
};
const flightRoles = {
  name: ['/passenger/fullName'],
  email: '/passenger/emailAddress',
  subject: { field: '/flight/flightCode', label: 'Flight' },
};

describe('claimContactOf', () => {
  it("reads the claimant's details from the fields the roles name, whatever they are called", () => {
    expect(
      claimContactOf(vehicleRoles, {
        vehicle: { registrationNumber: 'ab12  cde' },
        start: {
          firstName: ' Sam ',
          lastName: 'Jones',
          email: 'Sam.Jones@Example.com',
          phoneNumber: '07700 900982',
        },
        later: { firstName: 'Someone else' },
      }),
    ).toEqual({
      name: 'Sam Jones',
      email: 'sam.jones@example.com',
      phone: '07700 900982',
      subject: 'ab12 cde',
    });
    expect(
      claimContactOf(flightRoles, {
        passenger: { fullName: 'Ada  Lovelace', emailAddress: 'ADA@example.com' },
        flight: { flightCode: 'BA 123' },
        start: { firstName: 'Not a role here' },
      }),
    ).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', phone: null, subject: 'BA 123' });
  });

  it('joins the parts of a name that were given, and gives null for what was not', () => {
    expect(claimContactOf(vehicleRoles, { start: { lastName: 'Jones', email: 3 } })).toEqual({
      name: 'Jones',
      email: null,
      phone: null,
      subject: null,
    });
  });

  it('reads nothing by a field name when the funnel declares no roles', () => {
    expect(
      claimContactOf(undefined, { start: { firstName: 'Sam', email: 'sam@example.com' } }),
    ).toEqual({ name: null, email: null, phone: null, subject: null });
  });
});

describe('roles asked, and how a blank reads', () => {
  it('tells a role not asked from one asked and left blank', () => {
    expect(rolesAskedOf(flightRoles)).toEqual({
      name: true,
      email: true,
      phone: false,
      subjectLabel: 'Flight',
    });
    expect(rolesAskedOf(undefined)).toEqual({
      name: false,
      email: false,
      phone: false,
      subjectLabel: null,
    });
    expect(roleText(null, false)).toBe(NOT_ASKED);
    expect(roleText(null, true)).toBe(NOT_GIVEN);
    expect(roleText('BA123', true)).toBe('BA123');
  });

  it('splits a pointer into its page and field', () => {
    expect(roleFieldOf('/your-details/fullName')).toEqual({
      pageId: 'your-details',
      field: 'fullName',
    });
  });

  it('reads contacts stored before roles existed as the same roles', () => {
    expect(
      storedContactOf({
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        registration: 'AB12CDE',
      }),
    ).toEqual({ name: 'Sam Jones', email: 'sam@example.com', phone: null, subject: 'AB12CDE' });
    expect(storedContactOf(undefined)).toEqual({
      name: null,
      email: null,
      phone: null,
      subject: null,
    });
  });

  it('compares subjects without case or spaces', () => {
    expect(subjectKeyOf('ab12 cde')).toBe('AB12CDE');
    expect(subjectKeyOf(' ba 123')).toBe('BA123');
  });
});

describe('search terms', () => {
  const terms = searchTermsOf('VC-AB12-CD34', {
    name: 'Mary Ann Jones',
    email: 'mary@example.com',
    phone: null,
    subject: 'AB12 CDE',
  });

  it('holds the reference, the name and its words, the email and the subject, in lower case', () => {
    expect(terms.sort()).toEqual(
      [
        'vc-ab12-cd34',
        'mary ann jones',
        'mary',
        'ann',
        'jones',
        'mary@example.com',
        'ab12 cde',
        'ab12cde',
      ].sort(),
    );
  });

  it('matches what staff type, with or without spaces and in any case', () => {
    for (const typed of ['VC-AB12-CD34', ' Jones ', 'AB12 CDE', 'ab12cde', 'MARY@example.com']) {
      expect(
        searchCandidatesOf(typed).some((term) => terms.includes(term)),
        typed,
      ).toBe(true);
    }
    expect(searchCandidatesOf('Smith').some((term) => terms.includes(term))).toBe(false);
  });
});
