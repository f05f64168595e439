/**
 * Contract tests of the address client against local servers that speak each provider's
 * postcode-lookup contract (Ideal Postcodes and getAddress.io).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAddressClient,
  type AddressOption,
} from '../../../src/gateway/services/addressClient';
import {
  LOOKUP_CACHE_TTL_MS,
  createInMemoryLookupCache,
} from '../../../src/gateway/services/lookupCache';
import {
  readServiceConfig,
  type AddressProvider,
} from '../../../src/gateway/services/serviceConfig';
import { ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE } from '../../../src/gateway/services/serviceMessages';
import {
  ADDRESS_CONTRACT_API_KEY,
  SAMPLE_GETADDRESS_ADDRESSES,
  SAMPLE_IDEAL_POSTCODES_ADDRESSES,
  startAddressContractServer,
  type ContractServer,
  type RecordedRequest,
} from '../../support/contractServers';
import { recordingRetryPolicy, type RecordingRetryPolicy } from './recordingRetryPolicy';
import { expectServiceFailure } from './serviceErrorAssertions';

interface ProviderCase {
  provider: AddressProvider;
  start: () => Promise<ContractServer>;
  /** The API key as the provider receives it. */
  keySent: (request: RecordedRequest) => string | undefined;
  expectedPath: string;
  expectedAddresses: AddressOption[];
  /** A 200 body whose first address lacks line 1. */
  bodyMissingLine1: unknown;
}

const PROVIDERS: ProviderCase[] = [
  {
    provider: 'ideal-postcodes',
    start: () =>
      startAddressContractServer('ideal-postcodes', {
        postcodes: SAMPLE_IDEAL_POSTCODES_ADDRESSES,
      }),
    keySent: (request) => request.query.api_key,
    expectedPath: '/v1/postcodes/SW1A2AA',
    expectedAddresses: [
      {
        id: 'uprn:900000000001',
        line1: 'Flat 1',
        line2: '12 Example Street',
        townOrCity: 'LONDON',
        postcode: 'SW1A 2AA',
        label: 'Flat 1, 12 Example Street, LONDON, SW1A 2AA',
      },
      {
        // No UPRN on this record, so the UDPRN identifies it.
        id: 'udprn:90000002',
        line1: 'Sample Trading Ltd',
        line2: '14 Example Street, Whitehall',
        townOrCity: 'LONDON',
        postcode: 'SW1A 2AA',
        label: 'Sample Trading Ltd, 14 Example Street, Whitehall, LONDON, SW1A 2AA',
      },
    ],
    bodyMissingLine1: {
      result: [{ line_2: '', line_3: '', post_town: 'LONDON', postcode: 'SW1A 2AA' }],
      code: 2000,
      message: 'Success',
    },
  },
  {
    provider: 'getaddress',
    start: () =>
      startAddressContractServer('getaddress', { postcodes: SAMPLE_GETADDRESS_ADDRESSES }),
    keySent: (request) => request.query['api-key'],
    expectedPath: '/find/SW1A2AA',
    expectedAddresses: [
      {
        id: expect.stringMatching(/^addr-[0-9a-f]{16}$/) as unknown as string,
        line1: 'Flat 1',
        line2: '12 Example Street',
        townOrCity: 'London',
        postcode: 'SW1A 2AA',
        label: 'Flat 1, 12 Example Street, London, SW1A 2AA',
      },
      {
        id: expect.stringMatching(/^addr-[0-9a-f]{16}$/) as unknown as string,
        line1: 'Sample Trading Ltd',
        line2: '14 Example Street, Whitehall',
        townOrCity: 'London',
        postcode: 'SW1A 2AA',
        label: 'Sample Trading Ltd, 14 Example Street, Whitehall, London, SW1A 2AA',
      },
    ],
    bodyMissingLine1: { postcode: 'SW1A 2AA', addresses: [{ town_or_city: 'London' }] },
  },
];

describe.each(PROVIDERS)('address client against the $provider contract', (providerCase) => {
  let server: ContractServer;

  beforeAll(async () => {
    server = await providerCase.start();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  function addressConfig(apiKey = ADDRESS_CONTRACT_API_KEY) {
    return readServiceConfig({
      ADDRESS_PROVIDER: providerCase.provider,
      ADDRESS_API_BASE_URL: server.url,
      ADDRESS_API_KEY: apiKey,
    }).address;
  }

  function clientFor(options: { apiKey?: string; retry?: RecordingRetryPolicy } = {}) {
    const retry = options.retry ?? recordingRetryPolicy();
    return { retry, client: createAddressClient({ config: addressConfig(options.apiKey), retry }) };
  }

  it('asks for the compact postcode with the key and maps the addresses', async () => {
    const { client } = clientFor();

    const addresses = await client.lookupAddresses(' sw1a  2aa ');

    expect(addresses).toStrictEqual(providerCase.expectedAddresses);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(providerCase.expectedPath);
    expect(request && providerCase.keySent(request)).toBe(ADDRESS_CONTRACT_API_KEY);
    if (providerCase.provider === 'getaddress') expect(request?.query.expand).toBe('true');
  });

  it('gives the same ids for the same addresses on every lookup', async () => {
    const { client } = clientFor();
    const first = await client.lookupAddresses('SW1A 2AA');
    const second = await client.lookupAddresses('SW1A 2AA');
    expect(second.map((a) => a.id)).toEqual(first.map((a) => a.id));
    expect(new Set(first.map((a) => a.id)).size).toBe(first.length);
  });

  it('reports 404 as not-found with the postcode', async () => {
    const { client } = clientFor();
    const error = await expectServiceFailure(
      client.lookupAddresses('n19zz'),
      'not-found',
      'We could not find any addresses for N1 9ZZ',
    );
    expect(error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 then succeeds, sending the key each time', async () => {
    server.enqueue({ status: 429, headers: { 'Retry-After': '1' } });
    const { client, retry } = clientFor();

    await expect(client.lookupAddresses('SW1A 2AA')).resolves.toStrictEqual(
      providerCase.expectedAddresses,
    );

    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) {
      expect(providerCase.keySent(request)).toBe(ADDRESS_CONTRACT_API_KEY);
    }
    expect(retry.sleeps).toEqual([1000]);
  });

  it('gives up with unavailable after exactly 3 attempts answering 503', async () => {
    server.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    const { client, retry } = clientFor();

    await expectServiceFailure(
      client.lookupAddresses('SW1A 2AA'),
      'unavailable',
      ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(server.requests).toHaveLength(3);
    expect(retry.sleeps).toHaveLength(2);
  });

  it('reports malformed JSON as bad-response', async () => {
    server.enqueue({ status: 200, body: '{"result": [' });
    const { client } = clientFor();
    await expectServiceFailure(
      client.lookupAddresses('SW1A 2AA'),
      'bad-response',
      ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('reports an address without line 1 as bad-response', async () => {
    server.enqueue({ status: 200, body: providerCase.bodyMissingLine1 });
    const { client } = clientFor();
    const error = await expectServiceFailure(
      client.lookupAddresses('SW1A 2AA'),
      'bad-response',
      ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(error.detail).toContain('line_1');
  });

  it.each(['', 'SW1A', 'hello', 'SW1A 2A', '12345', 'SW1A 2AAA'])(
    'refuses %j with "Enter a full UK postcode" without calling the provider',
    async (input) => {
      const { client } = clientFor();
      await expectServiceFailure(
        client.lookupAddresses(input),
        'invalid-input',
        'Enter a full UK postcode',
      );
      expect(server.requests).toHaveLength(0);
    },
  );

  it('reports a refused key as unavailable, once, without the key in the error', async () => {
    const { client } = clientFor({ apiKey: 'wrong-key-456' });
    const error = await expectServiceFailure(
      client.lookupAddresses('SW1A 2AA'),
      'unavailable',
      ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
    );
    expect(error.status).toBe(401);
    expect(server.requests).toHaveLength(1);
    expect(`${error.message} ${error.detail} ${JSON.stringify(error)}`).not.toContain(
      'wrong-key-456',
    );
  });

  it('serves a repeated lookup from the cache for a day, keyed address:<POSTCODE>', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const now = () => clock;
    const cache = createInMemoryLookupCache<AddressOption[]>(now);
    const client = createAddressClient({
      config: addressConfig(),
      cache,
      now,
      retry: recordingRetryPolicy(),
    });

    const first = await client.lookupAddresses('SW1A 2AA');
    clock += LOOKUP_CACHE_TTL_MS - 1;
    await expect(client.lookupAddresses('sw1a2aa')).resolves.toStrictEqual(first);
    expect(server.requests).toHaveLength(1);
    expect([...cache.entries.keys()]).toEqual(['address:SW1A2AA']);

    clock += 1;
    await client.lookupAddresses('SW1A 2AA');
    expect(server.requests).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    const cache = createInMemoryLookupCache<AddressOption[]>();
    const client = createAddressClient({
      config: addressConfig(),
      cache,
      retry: recordingRetryPolicy(),
    });
    await expect(client.lookupAddresses('N1 9ZZ')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(client.lookupAddresses('N1 9ZZ')).rejects.toMatchObject({ kind: 'not-found' });
    expect(cache.entries.size).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});

describe('address client when not configured', () => {
  const CLAIMANT_MESSAGE =
    'Address lookup is not available at the moment, so please enter your address yourself.';

  it('tells the claimant to type the address when settings are missing', async () => {
    const config = readServiceConfig({ ADDRESS_PROVIDER: 'getaddress' }).address;
    expect(config).toEqual({
      configured: false,
      missing: ['ADDRESS_API_BASE_URL', 'ADDRESS_API_KEY'],
      invalid: [],
    });
    await expectServiceFailure(
      createAddressClient({ config }).lookupAddresses('SW1A 2AA'),
      'not-configured',
      CLAIMANT_MESSAGE,
    );
  });

  it('treats an unknown provider as not configured', async () => {
    const config = readServiceConfig({
      ADDRESS_PROVIDER: 'royal-mail',
      ADDRESS_API_BASE_URL: 'http://127.0.0.1:1',
      ADDRESS_API_KEY: 'k',
    }).address;
    expect(config).toEqual({ configured: false, missing: [], invalid: ['ADDRESS_PROVIDER'] });
    await expectServiceFailure(
      createAddressClient({ config }).lookupAddresses('SW1A 2AA'),
      'not-configured',
      CLAIMANT_MESSAGE,
    );
  });
});
