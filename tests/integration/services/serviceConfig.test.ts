/** Reading outside-service settings from an environment object, and keeping keys out of logs. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  SecretValue,
  describeServiceConfig,
  readServiceConfig,
} from '../../../src/gateway/services/serviceConfig';

const FULL_ENV = {
  DVLA_API_BASE_URL: 'https://uat.driver-vehicle-licensing.api.gov.uk/',
  DVLA_API_KEY: 'dvla-secret-111',
  ADDRESS_PROVIDER: 'ideal-postcodes',
  ADDRESS_API_BASE_URL: ' https://api.ideal-postcodes.co.uk ',
  ADDRESS_API_KEY: 'address-secret-222',
};

describe('readServiceConfig', () => {
  it('reads every service from the object passed in', () => {
    const config = readServiceConfig(FULL_ENV);
    expect(config.dvla).toMatchObject({
      configured: true,
      baseUrl: 'https://uat.driver-vehicle-licensing.api.gov.uk',
    });
    expect(config.address).toMatchObject({
      configured: true,
      provider: 'ideal-postcodes',
      baseUrl: 'https://api.ideal-postcodes.co.uk',
    });
    expect(config.dvla.configured && config.dvla.apiKey.reveal()).toBe('dvla-secret-111');
    expect(config.address.configured && config.address.apiKey.reveal()).toBe('address-secret-222');
  });

  it('lists missing and blank settings', () => {
    expect(readServiceConfig({ DVLA_API_KEY: '  ', ADDRESS_API_KEY: '' })).toEqual({
      dvla: { configured: false, missing: ['DVLA_API_BASE_URL', 'DVLA_API_KEY'], invalid: [] },
      address: {
        configured: false,
        missing: ['ADDRESS_PROVIDER', 'ADDRESS_API_BASE_URL', 'ADDRESS_API_KEY'],
        invalid: [],
      },
    });
  });

  it('lists settings that are present but unusable', () => {
    const config = readServiceConfig({
      ...FULL_ENV,
      DVLA_API_BASE_URL: 'ftp://example.com',
      ADDRESS_PROVIDER: 'postcoder',
      ADDRESS_API_BASE_URL: 'not a url',
    });
    expect(config.dvla).toEqual({ configured: false, missing: [], invalid: ['DVLA_API_BASE_URL'] });
    expect(config.address).toEqual({
      configured: false,
      missing: [],
      invalid: ['ADDRESS_PROVIDER', 'ADDRESS_API_BASE_URL'],
    });
  });

  it('accepts the provider name in any case', () => {
    const config = readServiceConfig({ ...FULL_ENV, ADDRESS_PROVIDER: 'GetAddress' });
    expect(config.address).toMatchObject({ configured: true, provider: 'getaddress' });
  });

  it('never shows a key when the config is logged', () => {
    const config = readServiceConfig(FULL_ENV);
    const renderings = [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      `${config.dvla.configured ? config.dvla.apiKey : ''}`,
      describeServiceConfig(config),
    ];
    for (const text of renderings) {
      expect(text).not.toContain('dvla-secret-111');
      expect(text).not.toContain('address-secret-222');
    }
    expect(describeServiceConfig(config)).toBe(
      'dvla: configured (https://uat.driver-vehicle-licensing.api.gov.uk); ' +
        'address: configured (ideal-postcodes at https://api.ideal-postcodes.co.uk)',
    );
    expect(describeServiceConfig(readServiceConfig({ ADDRESS_PROVIDER: 'x' }))).toBe(
      'dvla: not configured (missing DVLA_API_BASE_URL, DVLA_API_KEY); ' +
        'address: not configured (missing ADDRESS_API_BASE_URL, ADDRESS_API_KEY; invalid ADDRESS_PROVIDER)',
    );
  });

  it('keeps the secret itself behind reveal()', () => {
    const secret = new SecretValue('abc');
    expect(String(secret)).toBe('[redacted]');
    expect(secret.reveal()).toBe('abc');
  });
});
