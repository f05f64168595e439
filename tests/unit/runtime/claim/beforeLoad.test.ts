import { describe, expect, it } from 'vitest';
import { drawBeforeLoad, type KeptClaim } from '../../../../src/runtime/claim';

const kept = (over: Partial<KeptClaim> = {}): KeptClaim => ({
  claimId: 'c1',
  funnelVersion: 2,
  answers: { start: { firstName: 'Ann' } },
  typed: {},
  ...over,
});
const first = { firstPage: true, version: 2, returning: true };

describe('drawBeforeLoad', () => {
  it('fills a first page with the copy kept on the version shown', () => {
    expect(drawBeforeLoad({ ...first, kept: kept() })).toEqual({ show: 'kept', kept: kept() });
    // Typed but never continued counts, and a copy never saved starts on the version shown.
    const typedOnly = kept({
      claimId: null,
      funnelVersion: null,
      answers: {},
      typed: { start: {} },
    });
    expect(drawBeforeLoad({ ...first, kept: typedOnly }).show).toBe('kept');
  });

  it('never draws another version, nor a saved copy whose version is not known', () => {
    expect(drawBeforeLoad({ ...first, kept: kept({ funnelVersion: 1 }) }).show).toBe('loading');
    expect(drawBeforeLoad({ ...first, kept: kept({ funnelVersion: null }) }).show).toBe('loading');
  });

  it('says it is loading for a returning claimant whose claim only the server has', () => {
    expect(drawBeforeLoad({ ...first, kept: null }).show).toBe('loading');
    expect(drawBeforeLoad({ ...first, kept: kept({ answers: {} }) }).show).toBe('loading');
  });

  it('draws a new claim at once, empty', () => {
    expect(drawBeforeLoad({ ...first, returning: false, kept: null }).show).toBe('empty');
    const fresh = kept({ claimId: null, funnelVersion: null, answers: {} });
    expect(drawBeforeLoad({ ...first, kept: fresh }).show).toBe('empty');
  });

  it('keeps every later page waiting for its claim', () => {
    expect(drawBeforeLoad({ ...first, firstPage: false, kept: kept() }).show).toBe('loading');
    expect(drawBeforeLoad({ ...first, firstPage: false, returning: false, kept: null }).show).toBe(
      'loading',
    );
  });
});
