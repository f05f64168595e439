/**
 * Client of the DVLA Vehicle Enquiry Service (VES) API, which the gateway calls to fill in
 * the check page from a registration number. VES has no model field, so the page still
 * asks the claimant for the model.
 *
 * Contract: POST {baseUrl}/vehicle-enquiry/v1/vehicles with headers `x-api-key` and
 * `Content-Type: application/json` and body `{"registrationNumber": "AB12CDE"}`; 200 with the
 * vehicle, 400 for a registration VES cannot read, 404 when no vehicle has it, 403 when the
 * key is refused, 429 when over quota, 5xx when VES is down.
 */
import {
  LOOKUP_CACHE_TTL_MS,
  dvlaCacheKey,
  withCache,
  type CacheErrorHandler,
  type LookupCache,
} from './lookupCache';
import { retryingFetch, type FetchedResponse, type RetryPolicy } from './retryingFetch';
import {
  ContractViolation,
  expectRecord,
  optionalInteger,
  optionalString,
  parseJson,
} from './responseShape';
import { ServiceError } from './serviceError';
import {
  INVALID_REGISTRATION_MESSAGE,
  VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
  vehicleNotFoundMessage,
} from './serviceMessages';
import type { DvlaServiceConfig } from './serviceConfig';
import { isValidUkRegistration, normaliseRegistration } from '../../runtime/claim';
import type { VehicleSpecs } from '../../runtime/contract';

/** Path of the vehicle enquiry endpoint under the configured base URL. */
const DVLA_VEHICLES_PATH = '/vehicle-enquiry/v1/vehicles';

/**
 * What the check page can be filled with: the gateway contract's VehicleSpecs. Fields VES did
 * not return are absent (not undefined), because Firestore refuses undefined values when the
 * result is cached.
 */
export type VehicleDetails = VehicleSpecs;

/** How to build a {@link DvlaClient}. */
interface DvlaClientOptions {
  /** From `readServiceConfig(process.env).dvla`. */
  config: DvlaServiceConfig;
  /** Where results are kept for a day; omit to always call DVLA. */
  cache?: LookupCache<VehicleDetails>;
  /** Clock for cache freshness. Default `Date.now`. */
  now?: () => number;
  /** Retry and timeout policy; tests pass a `sleep` that does not wait. */
  retry?: RetryPolicy;
  /** Told when the cache fails (the lookup carries on without it). */
  onCacheError?: CacheErrorHandler;
}

/** Looks vehicles up by registration number. */
interface DvlaClient {
  /**
   * The vehicle with registration `input` (any case, spaces allowed). Throws a
   * ServiceError: `not-configured`, `invalid-input` (checked before any call),
   * `not-found`, `rate-limited`, `unavailable` or `bad-response`.
   */
  lookupVehicle(input: string): Promise<VehicleDetails>;
}

const SERVICE_NAME = 'DVLA';
const MONTH_OF_FIRST_REGISTRATION = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Maps a VES 200 body to {@link VehicleDetails}, checking the type of every field used.
 * Throws {@link ContractViolation} when the body breaks the documented contract.
 */
function mapDvlaVehicle(body: unknown, requestedRegistration: string): VehicleDetails {
  const record = expectRecord(body, 'vehicle');
  const details: VehicleDetails = {
    registrationNumber: optionalString(record, 'registrationNumber') ?? requestedRegistration,
  };
  const make = optionalString(record, 'make');
  const colour = optionalString(record, 'colour');
  const fuelType = optionalString(record, 'fuelType');
  const yearOfManufacture = optionalInteger(record, 'yearOfManufacture');
  const monthOfFirstRegistration = optionalString(record, 'monthOfFirstRegistration');
  const engineCapacity = optionalInteger(record, 'engineCapacity');
  if (
    monthOfFirstRegistration !== undefined &&
    !MONTH_OF_FIRST_REGISTRATION.test(monthOfFirstRegistration)
  ) {
    throw new ContractViolation('monthOfFirstRegistration is not YYYY-MM');
  }
  if (make !== undefined) details.make = make;
  if (colour !== undefined) details.colour = colour;
  if (fuelType !== undefined) details.fuelType = fuelType;
  if (yearOfManufacture !== undefined) details.yearOfManufacture = yearOfManufacture;
  if (monthOfFirstRegistration !== undefined) {
    details.monthOfFirstRegistration = monthOfFirstRegistration;
  }
  if (engineCapacity !== undefined) details.engineCapacity = engineCapacity;
  return details;
}

function badResponse(status: number, problem: string): ServiceError {
  return new ServiceError('bad-response', VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE, {
    status,
    detail: `${SERVICE_NAME} ${problem}`,
  });
}

/** Turns a VES answer that is not 429/5xx (those were retried) into details or an error. */
function interpretResponse(response: FetchedResponse, registration: string): VehicleDetails {
  const { status } = response;
  switch (status) {
    case 200:
      try {
        return mapDvlaVehicle(parseJson(response.bodyText), registration);
      } catch (error) {
        if (error instanceof ContractViolation) throw badResponse(status, error.message);
        throw error;
      }
    case 404:
      throw new ServiceError('not-found', vehicleNotFoundMessage(registration), {
        status,
        detail: `${SERVICE_NAME} has no vehicle with this registration`,
      });
    case 400:
      throw new ServiceError('invalid-input', INVALID_REGISTRATION_MESSAGE, {
        status,
        detail: `${SERVICE_NAME} could not read the registration`,
      });
    case 401:
    case 403:
      // Our key was refused: nothing the claimant can fix, so they enter details by hand.
      throw new ServiceError('unavailable', VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE, {
        status,
        detail: `${SERVICE_NAME} refused the API key`,
      });
    default:
      throw badResponse(status, `answered an undocumented status ${status}`);
  }
}

/**
 * A DVLA client. When `config` is not configured, every lookup throws `not-configured`
 * with a message telling the claimant to enter the vehicle details themselves.
 */
export function createDvlaClient(options: DvlaClientOptions): DvlaClient {
  const { config, cache, retry = {}, onCacheError } = options;
  const now = options.now ?? Date.now;

  return {
    async lookupVehicle(input) {
      // What the claimant typed is checked first: an impossible value is their mistake to fix,
      // whether or not the service is available.
      // Callable payloads are untyped at run time, so a non-string is refused like bad text.
      const registration = typeof input === 'string' ? normaliseRegistration(input) : '';
      if (!isValidUkRegistration(registration)) {
        throw new ServiceError('invalid-input', INVALID_REGISTRATION_MESSAGE);
      }
      if (!config.configured) {
        throw new ServiceError('not-configured', VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE, {
          detail: `${SERVICE_NAME} settings missing or invalid: ${[...config.missing, ...config.invalid].join(', ')}`,
        });
      }

      const load = async (): Promise<VehicleDetails> => {
        const response = await retryingFetch(
          `${config.baseUrl}${DVLA_VEHICLES_PATH}`,
          {
            method: 'POST',
            headers: {
              'x-api-key': config.apiKey.reveal(),
              'Content-Type': 'application/json',
              Accept: 'application/json',
            },
            body: JSON.stringify({ registrationNumber: registration }),
          },
          {
            ...retry,
            serviceName: SERVICE_NAME,
            failureMessage: VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE,
          },
        );
        return interpretResponse(response, registration);
      };
      return withCache(
        cache,
        dvlaCacheKey(registration),
        LOOKUP_CACHE_TTL_MS,
        now(),
        load,
        onCacheError,
      );
    },
  };
}
