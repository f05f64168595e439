import { describe, expect, it, vi } from 'vitest';
import { consentStorage } from '../../../src/platform/browserStorage/consentStorage';
import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../../../src/runtime/constants';
import { FullStorage, MemoryStorage } from '../../support/memoryStorage';

describe('consentStorage', () => {
  it('has no choice until one is written', () => {
    expect(consentStorage.read(new MemoryStorage())).toBeNull();
  });

  it('remembers accepting and rejecting under CONSENT_STORAGE_KEY', () => {
    const storage = new MemoryStorage();
    consentStorage.write(storage, { analytics: true });
    expect(consentStorage.read(storage)).toEqual({ analytics: true });
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      version: CONSENT_POLICY_VERSION,
      analytics: true,
    });
    consentStorage.write(storage, { analytics: false });
    expect(consentStorage.read(storage)).toEqual({ analytics: false });
  });

  it('asks again when the stored choice is unreadable or answered an older policy', () => {
    const storage = new MemoryStorage();
    storage.setItem(CONSENT_STORAGE_KEY, 'not json');
    expect(consentStorage.read(storage)).toBeNull();
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ analytics: 'yes', version: 1 }));
    expect(consentStorage.read(storage)).toBeNull();
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ analytics: true, version: CONSENT_POLICY_VERSION - 1 }),
    );
    expect(consentStorage.read(storage)).toBeNull();
  });

  it('does not throw when storage refuses the write', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => consentStorage.write(new FullStorage(), { analytics: true })).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
