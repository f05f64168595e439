import { beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_POSTCODE,
  SAMPLE_REGISTRATION,
  SAMPLE_VEHICLES,
} from '../../support/contractServers';
import { callFunction, resultOf, signUpAnonymous, type TestUser } from '../support/emulators';
import { expectInvalidArgument } from '../support/gatewayAssertions';

type LookupResult = {
  status: string;
  message?: string;
  vehicle?: Record<string, unknown>;
  addresses?: unknown[];
};

// `npm test` (scripts/with-stack.ts) points the gateway at local servers that speak the DVLA
// and address-provider contracts, with the sample data in tests/support/contractServers.
// Without them (a developer's `npm start`) the services are not configured.
const servicesConfigured = Boolean(
  process.env.DVLA_API_BASE_URL && process.env.ADDRESS_API_BASE_URL,
);

describe('vehicle and address lookups through the gateway', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await signUpAnonymous();
  });

  const getMotorSpecs = (registrationNumber: string) =>
    callFunction<LookupResult>(user, 'getMotorSpecs', { registrationNumber });
  const lookupAddress = (postcode: string) =>
    callFunction<LookupResult>(user, 'lookupAddress', { postcode });

  it('refuses a registration that cannot exist, naming data.registrationNumber', async () => {
    expectInvalidArgument(await getMotorSpecs('NOT A REG!!'), 'data.registrationNumber');
  });

  it('refuses a postcode that cannot exist, naming data.postcode', async () => {
    expectInvalidArgument(await lookupAddress('NOT A POSTCODE'), 'data.postcode');
  });

  describe.runIf(servicesConfigured)('with the services configured', () => {
    it('maps the DVLA record of a known registration, however it was typed', async () => {
      const result = await resultOf(getMotorSpecs(' ab12 cde '));
      const sample = SAMPLE_VEHICLES[SAMPLE_REGISTRATION]!;
      expect(result.status).toBe('found');
      expect(result.vehicle).toMatchObject({
        registrationNumber: SAMPLE_REGISTRATION,
        make: sample.make,
      });
    });

    it('says a registration DVLA does not know was not found', async () => {
      const result = await resultOf(getMotorSpecs('ZZ99 ZZZ'));
      expect(result).toEqual({
        status: 'not-found',
        message: expect.stringMatching(/could not find/i),
      });
    });

    it('lists the addresses at a known postcode', async () => {
      const result = await resultOf(lookupAddress(SAMPLE_POSTCODE.toLowerCase()));
      expect(result.status).toBe('found');
      expect(result.addresses?.length).toBeGreaterThan(0);
    });
  });

  describe.skipIf(servicesConfigured)('without the services configured', () => {
    it('tells the claimant to enter the vehicle details themselves', async () => {
      const result = await resultOf(getMotorSpecs('AB12 CDE'));
      expect(result).toEqual({
        status: 'not-configured',
        message: expect.stringMatching(/yourself/i),
      });
    });

    it('tells the claimant to enter the address themselves', async () => {
      const result = await resultOf(lookupAddress('SW1A 2AA'));
      expect(result).toEqual({
        status: 'not-configured',
        message: expect.stringMatching(/yourself/i),
      });
    });
  });
});
