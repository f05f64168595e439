/** The claims list's funnel and stage filters agree (src/app/pages/staff/funnelAndStageFilters.ts). */
import { describe, expect, it } from 'vitest';
import {
  agreeingFilters,
  filtersOfAddress,
} from '../../../../src/app/pages/staff/funnelAndStageFilters';

describe('agreeingFilters', () => {
  it('sets the funnel filter to the funnel of the stage chosen', () => {
    expect(agreeingFilters('stage', { funnel: '', stage: 'flight-delay:in-review' })).toEqual({
      funnel: 'flight-delay',
      stage: 'flight-delay:in-review',
    });
    expect(
      agreeingFilters('stage', { funnel: 'vehicle-claim', stage: 'flight-delay:paid' }),
    ).toEqual({ funnel: 'flight-delay', stage: 'flight-delay:paid' });
  });

  it('drops a stage of another funnel when a funnel, or every funnel, is chosen', () => {
    expect(
      agreeingFilters('funnel', { funnel: 'vehicle-claim', stage: 'flight-delay:paid' }),
    ).toEqual({ funnel: 'vehicle-claim', stage: '' });
    expect(agreeingFilters('funnel', { funnel: '', stage: 'flight-delay:paid' })).toEqual({
      funnel: '',
      stage: '',
    });
  });

  it('leaves filters that agree, and a bare stage id of any funnel, as they are', () => {
    const agreeing = { funnel: 'flight-delay', stage: 'flight-delay:paid' };
    expect(agreeingFilters('funnel', agreeing)).toBe(agreeing);
    expect(agreeingFilters('stage', { funnel: '', stage: 'sent' })).toEqual({
      funnel: '',
      stage: 'sent',
    });
    expect(agreeingFilters('stage', { funnel: 'vehicle-claim', stage: '' })).toEqual({
      funnel: 'vehicle-claim',
      stage: '',
    });
  });
});

describe('filtersOfAddress', () => {
  it('shows the funnel of an address that names only a stage', () => {
    expect(filtersOfAddress(new URLSearchParams('stage=flight-delay:paid'))).toEqual({
      funnel: 'flight-delay',
      stage: 'flight-delay:paid',
    });
    expect(filtersOfAddress(new URLSearchParams('funnel=vehicle-claim'))).toEqual({
      funnel: 'vehicle-claim',
      stage: '',
    });
  });
});
