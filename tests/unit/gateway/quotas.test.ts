import { describe, expect, it } from 'vitest';
import { gatewayRequestSchemas } from '../../../src/runtime/contract';
import { addressDigest, clientAddress } from '../../../src/gateway/call/clientAddress';
import {
  DEFAULT_QUOTAS,
  isSharedCounter,
  quotaCountersFor,
  readQuotaPolicy,
  type QuotaPolicy,
} from '../../../src/gateway/call/quotas';

const names = Object.keys(gatewayRequestSchemas);

describe('readQuotaPolicy', () => {
  it('is the default policy when nothing is configured', () => {
    expect(readQuotaPolicy(undefined, names)).toBe(DEFAULT_QUOTAS);
  });

  it('lays an override over the default, and null lifts one scope', () => {
    const policy = readQuotaPolicy(
      JSON.stringify({
        lookupAddress: { project: { maxCalls: 10, windowMs: 60_000 }, address: null },
      }),
      names,
    );
    expect(policy.lookupAddress).toEqual({
      user: DEFAULT_QUOTAS.lookupAddress?.user,
      project: { maxCalls: 10, windowMs: 60_000 },
    });
    expect(policy.getMotorSpecs).toEqual(DEFAULT_QUOTAS.getMotorSpecs);
  });

  it.each([
    ['{', 'GATEWAY_QUOTAS is not valid JSON'],
    ['[]', 'GATEWAY_QUOTAS must be an object of function names'],
    ['{"lookupAdress":{}}', 'GATEWAY_QUOTAS.lookupAdress: no gateway function has that name'],
    ['{"saveAnswers":{"ip":null}}', 'GATEWAY_QUOTAS.saveAnswers.ip: the scopes are'],
    ['{"saveAnswers":{"user":{"maxCalls":0,"windowMs":1000}}}', 'GATEWAY_QUOTAS.saveAnswers.user'],
    ['{"saveAnswers":{"user":{"maxCalls":5,"windowMs":10}}}', 'windowMs ≥ 1000'],
  ])('refuses %s, naming the setting', (value, message) => {
    expect(() => readQuotaPolicy(value, names)).toThrow(message);
  });
});

describe('quotaCountersFor', () => {
  const policy: QuotaPolicy = {
    confirmUserExists: {
      user: { maxCalls: 1, windowMs: 1000 },
      address: { maxCalls: 2, windowMs: 1000 },
      project: { maxCalls: 3, windowMs: 1000 },
    },
  };

  it('names a person’s counter by its function, and keys shared ones per address digest and per project', () => {
    const counters = quotaCountersFor(policy, 'confirmUserExists', { addressDigest: 'abc' });
    expect(counters.map((counter) => [counter.scope, counter.key])).toEqual([
      ['user', 'confirmUserExists'],
      ['address', 'confirmUserExists_address_abc'],
      ['project', 'confirmUserExists_project'],
    ]);
    expect(counters.map(isSharedCounter)).toEqual([false, true, true]);
  });

  it('skips the address counter when the address is not known, and limits unlisted functions not at all', () => {
    expect(
      quotaCountersFor(policy, 'confirmUserExists', { addressDigest: null }).map(
        (counter) => counter.scope,
      ),
    ).toEqual(['user', 'project']);
    expect(quotaCountersFor(policy, 'getClaim', { addressDigest: 'abc' })).toEqual([]);
  });

  it('limits every write, paid lookup and email by default, and no read of the caller’s own data', () => {
    for (const name of ['saveAnswers', 'submitClaim', 'getMotorSpecs', 'requestSaveAndReturn']) {
      expect(DEFAULT_QUOTAS[name as keyof QuotaPolicy]?.user, name).toBeDefined();
    }
    for (const name of ['getClaim', 'listClaims', 'getProfile']) {
      expect(DEFAULT_QUOTAS[name as keyof QuotaPolicy], name).toBeUndefined();
    }
  });
});

describe('the default limits and claimants who share an address', () => {
  it('set no limit per address: hundreds of honest claimants may share one (a mobile network, an office)', () => {
    for (const [name, quota] of Object.entries(DEFAULT_QUOTAS)) {
      expect(quota.address, name).toBeUndefined();
    }
  });

  it('keep a budget for the whole service on what costs money or answers about other people', () => {
    expect(DEFAULT_QUOTAS.getMotorSpecs?.project).toBeDefined();
    expect(DEFAULT_QUOTAS.lookupAddress?.project).toBeDefined();
    expect(DEFAULT_QUOTAS.confirmUserExists?.project).toBeDefined();
  });
});

describe('clientAddress', () => {
  const request = (forwarded?: string, ip?: string) => ({
    ...(ip ? { ip } : {}),
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  });

  it('trusts the address Google’s front end added (the right end), not what the client wrote', () => {
    expect(clientAddress(request('6.6.6.6, 203.0.113.9'), 0, null)).toBe('203.0.113.9');
    expect(clientAddress(request('203.0.113.9'), 0, null)).toBe('203.0.113.9');
  });

  it('skips our own proxies when told how many there are', () => {
    expect(clientAddress(request('6.6.6.6, 203.0.113.9, 10.0.0.1'), 1, null)).toBe('203.0.113.9');
  });

  it('falls back to the socket address, then to the given fallback', () => {
    expect(clientAddress(request(undefined, '192.0.2.1'), 0, null)).toBe('192.0.2.1');
    expect(clientAddress(undefined, 0, '127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress(request('x'.repeat(500)), 0, null)).toBeNull();
  });

  it('stores a keyed digest: stable for one address and secret, different otherwise', () => {
    const digest = addressDigest('203.0.113.9', 'secret');
    expect(digest).toBe(addressDigest('203.0.113.9', 'secret'));
    expect(digest).not.toBe(addressDigest('203.0.113.9', 'other'));
    expect(digest).not.toContain('203');
    expect(digest).toMatch(/^[\w-]{22}$/);
  });
});
