import { describe, expect, it } from 'vitest';
import {
  claimContactOf,
  searchCandidatesOf,
  searchTermsOf,
} from '../../../src/runtime/claim/claimContact';

describe('claimContactOf', () => {
  it("takes the claimant's details from whichever page asked, in the funnel's order", () => {
    const contact = claimContactOf(
      {
        vehicle: { registrationNumber: 'ab12 cde' },
        contact: { firstName: ' Sam ', lastName: 'Jones', email: 'Sam.Jones@Example.com' },
        later: { firstName: 'Someone else' },
      },
      ['contact', 'vehicle', 'later'],
    );
    expect(contact).toEqual({
      firstName: 'Sam',
      lastName: 'Jones',
      email: 'sam.jones@example.com',
      registration: 'AB12CDE',
    });
  });

  it('leaves out what no page asked for', () => {
    expect(claimContactOf({ ticket: { pcnNumber: 'X' } }, ['ticket'])).toEqual({
      firstName: null,
      lastName: null,
      email: null,
      registration: null,
    });
  });
});

describe('search terms', () => {
  const terms = searchTermsOf('VC-AB12-CD34', {
    firstName: 'Mary Ann',
    lastName: 'Jones',
    email: 'mary@example.com',
    registration: 'AB12CDE',
  });

  it('holds the reference, names, full name, email and registration, in lower case', () => {
    expect(terms.sort()).toEqual(
      ['vc-ab12-cd34', 'mary ann', 'jones', 'mary ann jones', 'mary@example.com', 'ab12cde'].sort(),
    );
  });

  it('matches what staff type, with or without spaces and in any case', () => {
    for (const typed of [
      'VC-AB12-CD34',
      ' Jones ',
      'AB12 CDE',
      'ab12cde',
      'MARY@example.com',
      'Mary  Ann',
    ]) {
      expect(
        searchCandidatesOf(typed).some((term) => terms.includes(term)),
        typed,
      ).toBe(true);
    }
    expect(searchCandidatesOf('Smith').some((term) => terms.includes(term))).toBe(false);
  });
});
