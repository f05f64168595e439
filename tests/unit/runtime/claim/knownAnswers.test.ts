import { describe, expect, it } from 'vitest';
import { collectKnownAnswers } from '../../../../src/runtime/claim';

const schemas: Record<string, Record<string, string>> = {
  'vehicle-claim': { start: 'contact', address: 'address', check: 'vehicle-finance' },
  diesel: { contact: 'contact', vehicle: 'diesel-vehicle' },
};
const base = {
  schemaOfPage: (funnelId: string, pageId: string) => schemas[funnelId]?.[pageId],
  isAboutTheClaimant: (schemaId: string) => schemaId === 'contact' || schemaId === 'address',
  profileSchemaId: 'contact',
};

describe('collectKnownAnswers', () => {
  it('offers the newest answers of pages about the claimant, from any funnel', () => {
    const known = collectKnownAnswers({
      ...base,
      profile: null,
      claims: [
        { funnelId: 'diesel', answers: { contact: { firstName: 'New' }, vehicle: { vin: 'x' } } },
        {
          funnelId: 'vehicle-claim',
          answers: {
            start: { firstName: 'Old' },
            address: { town: 'Leeds' },
            check: { lender: 'Bank' },
          },
        },
      ],
    });
    expect(known).toEqual({ contact: { firstName: 'New' }, address: { town: 'Leeds' } });
  });

  it('lays the profile over the contact answers (changed on the account page since)', () => {
    const known = collectKnownAnswers({
      ...base,
      profile: { firstName: 'Jane', lastName: '', email: 'jane@example.com' },
      claims: [
        { funnelId: 'vehicle-claim', answers: { start: { firstName: 'J', lastName: 'Doe' } } },
      ],
    });
    expect(known.contact).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
  });

  it('invents nothing for a claimant with no claims and no profile', () => {
    expect(collectKnownAnswers({ ...base, profile: null, claims: [] })).toEqual({});
  });

  it('skips pages of unknown funnels and empty pages', () => {
    expect(
      collectKnownAnswers({
        ...base,
        profile: null,
        claims: [
          { funnelId: 'gone', answers: { start: { firstName: 'X' } } },
          { funnelId: 'vehicle-claim', answers: { address: {} } },
        ],
      }),
    ).toEqual({});
  });
});
