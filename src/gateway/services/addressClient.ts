/**
 * Address lookup by UK postcode, through the provider the deployment is configured with
 * (Ideal Postcodes or getAddress.io). The page always offers "enter the address manually"
 * as well (GOV.UK pattern), so every failure here has a message that leads there.
 */
import { type AddressOption } from './addressOption';
import type { AddressProviderApi } from './addressProviders/addressProviderApi';
import { getAddressApi } from './addressProviders/getAddress';
import { idealPostcodesApi } from './addressProviders/idealPostcodes';
import {
  LOOKUP_CACHE_TTL_MS,
  addressCacheKey,
  withCache,
  type CacheErrorHandler,
  type LookupCache,
} from './lookupCache';
import { ContractViolation, parseJson } from './responseShape';
import { retryingFetch, type FetchedResponse, type RetryPolicy } from './retryingFetch';
import type { AddressProvider, AddressServiceConfig } from './serviceConfig';
import { ServiceError } from './serviceError';
import {
  ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
  INVALID_POSTCODE_MESSAGE,
  addressesNotFoundMessage,
} from './serviceMessages';
import { compactPostcode, isValidUkPostcode, normaliseUkPostcode } from '../../runtime/claim';

export type { AddressOption } from './addressOption';

/** Each configurable provider's API. */
const ADDRESS_PROVIDER_APIS: Readonly<Record<AddressProvider, AddressProviderApi>> = {
  'ideal-postcodes': idealPostcodesApi,
  getaddress: getAddressApi,
};

/** How to build an {@link AddressClient}. */
interface AddressClientOptions {
  /** From `readServiceConfig(process.env).address`. */
  config: AddressServiceConfig;
  /** Where results are kept for a day; omit to always call the provider. */
  cache?: LookupCache<AddressOption[]>;
  /** Clock for cache freshness. Default `Date.now`. */
  now?: () => number;
  /** Retry and timeout policy; tests pass a `sleep` that does not wait. */
  retry?: RetryPolicy;
  /** Told when the cache fails (the lookup carries on without it). */
  onCacheError?: CacheErrorHandler;
}

/** Looks addresses up by postcode. */
interface AddressClient {
  /**
   * The addresses at postcode `input` (any case and spacing), never an empty list. Throws
   * a ServiceError: `not-configured`, `invalid-input` (checked before any call),
   * `not-found`, `rate-limited`, `unavailable` or `bad-response`.
   */
  lookupAddresses(input: string): Promise<AddressOption[]>;
}

/** Turns an answer that is not 429/5xx (those were retried) into addresses or an error. */
function interpretResponse(
  api: AddressProviderApi,
  response: FetchedResponse,
  postcode: string,
): AddressOption[] {
  const { status } = response;
  const fail = (kind: ServiceError['kind'], message: string, problem: string): ServiceError =>
    new ServiceError(kind, message, { status, detail: `${api.serviceName} ${problem}` });

  switch (status) {
    case 200: {
      let addresses: AddressOption[];
      try {
        addresses = api.parseAddresses(parseJson(response.bodyText), postcode);
      } catch (error) {
        if (error instanceof ContractViolation) {
          throw fail('bad-response', ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE, error.message);
        }
        throw error;
      }
      // Nothing to pick from means the same to the claimant as an unknown postcode.
      if (addresses.length === 0) {
        throw fail('not-found', addressesNotFoundMessage(postcode), 'listed no addresses');
      }
      return addresses;
    }
    case 404:
      throw fail('not-found', addressesNotFoundMessage(postcode), 'does not know the postcode');
    case 400:
      throw fail('invalid-input', INVALID_POSTCODE_MESSAGE, 'could not read the postcode');
    case 401:
    case 402:
    case 403:
      // Key refused or out of credit: nothing the claimant can fix, so they type the address.
      throw fail('unavailable', ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE, `refused the key (${status})`);
    default:
      throw fail(
        'bad-response',
        ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
        `answered an undocumented status ${status}`,
      );
  }
}

/**
 * An address client for the configured provider. When `config` is not configured, every
 * lookup throws `not-configured` with a message telling the claimant to type the address.
 */
export function createAddressClient(options: AddressClientOptions): AddressClient {
  const { config, cache, retry = {}, onCacheError } = options;
  const now = options.now ?? Date.now;

  return {
    async lookupAddresses(input) {
      // What the claimant typed is checked first: an impossible value is their mistake to fix,
      // whether or not the service is available.
      // Callable payloads are untyped at run time, so a non-string is refused like bad text.
      const postcode = typeof input === 'string' ? normaliseUkPostcode(input) : '';
      if (!isValidUkPostcode(postcode)) {
        throw new ServiceError('invalid-input', INVALID_POSTCODE_MESSAGE);
      }
      if (!config.configured) {
        throw new ServiceError('not-configured', ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE, {
          detail: `Address lookup settings missing or invalid: ${[...config.missing, ...config.invalid].join(', ')}`,
        });
      }

      const api = ADDRESS_PROVIDER_APIS[config.provider];
      const load = async (): Promise<AddressOption[]> => {
        const request = api.buildRequest(
          config.baseUrl,
          config.apiKey.reveal(),
          compactPostcode(postcode),
        );
        const response = await retryingFetch(request.url, request.init, {
          ...retry,
          serviceName: api.serviceName,
          failureMessage: ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
        });
        return interpretResponse(api, response, postcode);
      };
      return withCache(
        cache,
        addressCacheKey(postcode),
        LOOKUP_CACHE_TTL_MS,
        now(),
        load,
        onCacheError,
      );
    },
  };
}
