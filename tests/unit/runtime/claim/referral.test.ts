import { describe, expect, it } from 'vitest';
import { parseReferral } from '../../../../src/runtime/claim';

describe('parseReferral', () => {
  it('returns the full URL and every present parameter', () => {
    const url = 'https://claims.example/?utm_source=a&utm_medium=b&utm_campaign=c&adId=d';
    expect(parseReferral(url)).toEqual({
      referUrl: url,
      utmSource: 'a',
      utmMedium: 'b',
      utmCampaign: 'c',
      adId: 'd',
    });
  });

  it.each(['utm_source', 'utm_medium', 'utm_campaign'])('is triggered by %s alone', (param) => {
    const url = `https://claims.example/start?${param}=x`;
    expect(parseReferral(url)).toMatchObject({ referUrl: url });
  });

  it('includes only the parameters present', () => {
    const url = 'https://claims.example/?utm_source=x';
    expect(parseReferral(url)).toEqual({ referUrl: url, utmSource: 'x' });
  });

  it('decodes parameter values', () => {
    expect(parseReferral('https://claims.example/?utm_campaign=spring%20sale')).toMatchObject({
      utmCampaign: 'spring sale',
    });
  });

  it.each([
    ['no query', 'https://claims.example/form/start/'],
    ['unrelated parameters', 'https://claims.example/?gclid=1&ref=2'],
    ['adId alone', 'https://claims.example/?adId=d'],
    ['empty utm values', 'https://claims.example/?utm_source=&utm_medium='],
    ['a utm name in the hash only', 'https://claims.example/#utm_source=a'],
    ['an unparseable URL', 'not a url'],
  ])('is null for %s', (_case, url) => {
    expect(parseReferral(url)).toBeNull();
  });

  it('clips values to the lengths the gateway accepts', () => {
    const long = 'x'.repeat(3000);
    const capture = parseReferral(`https://claims.example/?utm_source=${long}&adId=${long}`);
    expect(capture?.referUrl).toHaveLength(2000);
    expect(capture?.utmSource).toHaveLength(200);
    expect(capture?.adId).toHaveLength(200);
  });
});
