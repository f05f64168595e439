import { beforeEach, describe, expect, it } from 'vitest';
import {
  captureReferral,
  readReferral,
} from '../../../src/platform/browserStorage/referralStorage';
import { REFERRAL_STORAGE_KEYS } from '../../../src/runtime/constants';
import { FullStorage, MemoryStorage } from '../../support/memoryStorage';

const FULL_URL = 'https://claims.example/?utm_source=a&utm_medium=b&utm_campaign=c&adId=d';

describe('captureReferral', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('stores the referrer URL and each parameter under the referral_* keys', () => {
    const stored = captureReferral(FULL_URL, storage);

    expect(storage.snapshot()).toEqual({
      referral_utmSource: 'a',
      referral_utmMedium: 'b',
      referral_utmCampaign: 'c',
      referral_adId: 'd',
      referral_referUrl: FULL_URL,
    });
    expect(stored).toEqual({
      utmSource: 'a',
      utmMedium: 'b',
      utmCampaign: 'c',
      adId: 'd',
      referUrl: FULL_URL,
    });
  });

  it('keeps the stored referral when a later visit has no utm parameters', () => {
    captureReferral(FULL_URL, storage);
    const before = storage.snapshot();

    const stored = captureReferral('https://claims.example/form/start/?adId=zzz', storage);

    expect(storage.snapshot()).toEqual(before);
    expect(stored).toEqual(readReferral(storage));
    expect(stored.utmSource).toBe('a');
  });

  it('on /?utm_source=x clears medium, campaign and adId and stores the new referrer', () => {
    captureReferral(FULL_URL, storage);

    const next = 'https://claims.example/?utm_source=x';
    const stored = captureReferral(next, storage);

    expect(storage.snapshot()).toEqual({
      [REFERRAL_STORAGE_KEYS.utmSource]: 'x',
      [REFERRAL_STORAGE_KEYS.referUrl]: next,
    });
    expect(stored).toEqual({ utmSource: 'x', referUrl: next });
  });

  it('leaves unrelated storage keys alone', () => {
    storage.setItem('cookieConsent', 'granted');
    captureReferral(FULL_URL, storage);
    expect(storage.getItem('cookieConsent')).toBe('granted');
  });

  it('returns the referral even when storage refuses writes', () => {
    expect(captureReferral('https://claims.example/?utm_source=x', new FullStorage())).toEqual({
      utmSource: 'x',
      referUrl: 'https://claims.example/?utm_source=x',
    });
  });
});

describe('readReferral', () => {
  it('is empty for empty storage', () => {
    expect(readReferral(new MemoryStorage())).toEqual({});
  });
});
