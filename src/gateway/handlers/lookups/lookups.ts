import { logs } from '../../infra/logs';
import { invalidArgument } from '../../call/errors';
import { firestoreLookupCache } from '../../repositories/lookupCacheRepository';
import { createAddressClient } from '../../services/addressClient';
import type { AddressOption } from '../../services/addressOption';
import { createDvlaClient, type VehicleDetails } from '../../services/dvlaClient';
import { readServiceConfig } from '../../services/serviceConfig';
import { isServiceError } from '../../services/serviceError';
import type { Handler } from '../handler';

type LookupFailure = { status: 'not-found' | 'not-configured' | 'unavailable'; message: string };

/**
 * Turns an outside-service failure into what the claimant is told. Failures they can work
 * around (not found, not configured, service down) come back as a status and message, so
 * the page offers to enter the details by hand; input that cannot be real is refused,
 * naming the field.
 */
function lookupFailure(error: unknown, service: string, field: string): LookupFailure {
  if (!isServiceError(error)) throw error;
  switch (error.kind) {
    case 'invalid-input':
      throw invalidArgument(`Invalid ${field}`, [
        { field: `data.${field}`, message: error.message },
      ]);
    case 'not-found':
    case 'not-configured':
      return { status: error.kind, message: error.message };
    default:
      logs.lookupFailed(service, {
        kind: error.kind,
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.detail === undefined ? {} : { detail: error.detail }),
      });
      return { status: 'unavailable', message: error.message };
  }
}

function cacheWarning(operation: string, key: string, error: unknown): void {
  logs.lookupCacheFailed(operation, key, error);
}

/** Vehicle details from the DVLA Vehicle Enquiry Service (cached for a day). */
export const getMotorSpecs: Handler<'getMotorSpecs'> = async (data, context) => {
  const client = createDvlaClient({
    config: readServiceConfig(context.config.serviceEnv).dvla,
    cache: firestoreLookupCache<VehicleDetails>(),
    onCacheError: cacheWarning,
  });
  try {
    return { status: 'found', vehicle: await client.lookupVehicle(data.registrationNumber) };
  } catch (error) {
    return lookupFailure(error, 'vehicle', 'registrationNumber');
  }
};

/** The addresses at a UK postcode from the configured provider (cached for a day). */
export const lookupAddress: Handler<'lookupAddress'> = async (data, context) => {
  const client = createAddressClient({
    config: readServiceConfig(context.config.serviceEnv).address,
    cache: firestoreLookupCache<AddressOption[]>(),
    onCacheError: cacheWarning,
  });
  try {
    return { status: 'found', addresses: await client.lookupAddresses(data.postcode) };
  } catch (error) {
    return lookupFailure(error, 'address', 'postcode');
  }
};
