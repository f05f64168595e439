/**
 * Contract tests of the DVLA client against a local server that speaks the VES contract.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDvlaClient, type VehicleDetails } from '../../../src/gateway/services/dvlaClient';
import {
  LOOKUP_CACHE_TTL_MS,
  createInMemoryLookupCache,
} from '../../../src/gateway/services/lookupCache';
import { readServiceConfig } from '../../../src/gateway/services/serviceConfig';
import { VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE } from '../../../src/gateway/services/serviceMessages';
import {
  DVLA_CONTRACT_API_KEY,
  SAMPLE_VEHICLES,
  startDvlaContractServer,
  type ContractServer,
} from '../../support/contractServers';
import { recordingRetryPolicy } from './recordingRetryPolicy';
import { expectServiceFailure as expectFailure } from './serviceErrorAssertions';

let server: ContractServer;

beforeAll(async () => {
  server = await startDvlaContractServer({ vehicles: SAMPLE_VEHICLES });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function dvlaConfig(apiKey = DVLA_CONTRACT_API_KEY) {
  return readServiceConfig({ DVLA_API_BASE_URL: server.url, DVLA_API_KEY: apiKey }).dvla;
}

function clientFor(
  options: { apiKey?: string; retry?: ReturnType<typeof recordingRetryPolicy> } = {},
) {
  const retry = options.retry ?? recordingRetryPolicy();
  return { retry, client: createDvlaClient({ config: dvlaConfig(options.apiKey), retry }) };
}

const EXPECTED_SAMPLE: VehicleDetails = {
  registrationNumber: 'AB12CDE',
  make: 'FORD',
  colour: 'BLUE',
  fuelType: 'PETROL',
  yearOfManufacture: 2012,
  monthOfFirstRegistration: '2012-09',
  engineCapacity: 1596,
};

describe('DVLA client against the VES contract', () => {
  it('posts the normalised registration with the key and maps the documented fields', async () => {
    const { client } = clientFor();

    await expect(client.lookupVehicle(' ab12 cde ')).resolves.toStrictEqual(EXPECTED_SAMPLE);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/vehicle-enquiry/v1/vehicles');
    expect(request?.headers['x-api-key']).toBe(DVLA_CONTRACT_API_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ registrationNumber: 'AB12CDE' });
  });

  it('includes only the fields VES returned', async () => {
    const { client } = clientFor();
    await expect(client.lookupVehicle('X1 ABC')).resolves.toStrictEqual({
      registrationNumber: 'X1ABC',
    });
  });

  it('reports 404 as not-found with the registration', async () => {
    const { client } = clientFor();
    const error = await expectFailure(
      client.lookupVehicle('zz99 zzz'),
      'not-found',
      'We could not find a vehicle with registration ZZ99ZZZ',
    );
    expect(error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a 400 from VES as invalid-input without retrying', async () => {
    server.enqueue({ status: 400, body: { errors: [{ status: '400', title: 'Bad Request' }] } });
    const { client } = clientFor();
    await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'invalid-input',
      'Enter a real vehicle registration number, like AB12 CDE',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429, honouring Retry-After, then succeeds', async () => {
    server.enqueue({ status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too Many' } });
    const { client, retry } = clientFor();

    await expect(client.lookupVehicle('AB12CDE')).resolves.toStrictEqual(EXPECTED_SAMPLE);

    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(request.headers['x-api-key']).toBe(DVLA_CONTRACT_API_KEY);
    }
    expect(retry.sleeps).toEqual([2000]);
  });

  it('reports rate-limited when every attempt answers 429', async () => {
    server.enqueue({ status: 429 }, { status: 429 }, { status: 429 });
    const { client } = clientFor();
    const error = await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'rate-limited',
      VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(error.status).toBe(429);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up with unavailable after exactly 3 attempts answering 503', async () => {
    server.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    const { client, retry } = clientFor();

    const error = await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'unavailable',
      VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
    );

    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(3);
    // Two waits between three attempts; jitter fixed at 0.5 of 250ms then 500ms.
    expect(retry.sleeps).toEqual([125, 250]);
  });

  it('retries an attempt that times out', async () => {
    server.enqueue({ status: 200, body: SAMPLE_VEHICLES.AB12CDE, delayMs: 1_000 });
    const { client } = clientFor({ retry: recordingRetryPolicy({ timeoutMs: 100 }) });
    await expect(client.lookupVehicle('AB12CDE')).resolves.toStrictEqual(EXPECTED_SAMPLE);
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['malformed JSON', '{"registrationNumber": "AB12CDE", '],
    ['a body that is not an object', '["AB12CDE"]'],
    ['a field of the wrong type', { registrationNumber: 'AB12CDE', yearOfManufacture: '2012' }],
    [
      'a month that is not YYYY-MM',
      { registrationNumber: 'AB12CDE', monthOfFirstRegistration: '09/2012' },
    ],
  ])('reports %s as bad-response', async (_name, body) => {
    server.enqueue({ status: 200, body });
    const { client } = clientFor();
    await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'bad-response',
      VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(server.requests).toHaveLength(1);
  });

  it.each(['', '   ', 'HELLO WORLD', 'AB12CDEF', 'AB-12-CDE', '12345678'])(
    'refuses %j without calling VES',
    async (input) => {
      const { client } = clientFor();
      await expectFailure(
        client.lookupVehicle(input),
        'invalid-input',
        'Enter a real vehicle registration number, like AB12 CDE',
      );
      expect(server.requests).toHaveLength(0);
    },
  );

  it('reports a refused key as unavailable, once, without the key in the error', async () => {
    const { client } = clientFor({ apiKey: 'wrong-key-123' });
    const error = await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'unavailable',
      VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(error.status).toBe(403);
    expect(server.requests).toHaveLength(1);
    expect(`${error.message} ${error.detail} ${JSON.stringify(error)}`).not.toContain(
      'wrong-key-123',
    );
  });

  it('serves a repeated lookup from the cache for a day, keyed dvla:<REG>', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const now = () => clock;
    const cache = createInMemoryLookupCache<VehicleDetails>(now);
    const client = createDvlaClient({
      config: dvlaConfig(),
      cache,
      now,
      retry: recordingRetryPolicy(),
    });

    await client.lookupVehicle('AB12 CDE');
    clock += LOOKUP_CACHE_TTL_MS - 1;
    await expect(client.lookupVehicle('ab12cde')).resolves.toStrictEqual(EXPECTED_SAMPLE);
    expect(server.requests).toHaveLength(1);
    expect([...cache.entries.keys()]).toEqual(['dvla:AB12CDE']);

    clock += 1; // a day old: stale
    await client.lookupVehicle('AB12CDE');
    expect(server.requests).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    const cache = createInMemoryLookupCache<VehicleDetails>();
    const client = createDvlaClient({ config: dvlaConfig(), cache, retry: recordingRetryPolicy() });
    server.enqueue({ status: 503 }, { status: 503 }, { status: 503 });

    await expect(client.lookupVehicle('AB12CDE')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client.lookupVehicle('ZZ99ZZZ')).rejects.toMatchObject({ kind: 'not-found' });
    expect(cache.entries.size).toBe(0);

    await expect(client.lookupVehicle('AB12CDE')).resolves.toStrictEqual(EXPECTED_SAMPLE);
    expect(server.requests).toHaveLength(5);
  });

  it('tells the claimant to enter details when DVLA is not configured', async () => {
    const config = readServiceConfig({}).dvla;
    expect(config).toEqual({
      configured: false,
      missing: ['DVLA_API_BASE_URL', 'DVLA_API_KEY'],
      invalid: [],
    });
    const client = createDvlaClient({ config });
    await expectFailure(
      client.lookupVehicle('AB12CDE'),
      'not-configured',
      'Vehicle lookup is not available at the moment, so please enter your vehicle details yourself.',
    );
    expect(server.requests).toHaveLength(0);
  });
});
