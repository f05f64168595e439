import { HttpsError } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import { invalidArgument } from '../errors';
import { firestoreLookupCache } from '../repositories/lookupCacheRepository';
import { createDvlaClient, type VehicleDetails } from '../services/dvlaClient';
import { readServiceConfig } from '../services/serviceConfig';
import { isServiceError } from '../services/serviceError';
import type { Handler } from '.';

/**
 * Looks a vehicle up with the DVLA Vehicle Enquiry Service. Failures the claimant can work
 * around (not found, not configured, DVLA down) come back as a status with a message, so the
 * page can offer to enter the details by hand; a registration that cannot exist is refused.
 */
export const getMotorSpecs: Handler<'getMotorSpecs'> = async (data, context) => {
  const client = createDvlaClient({
    config: readServiceConfig(context.config.serviceEnv).dvla,
    cache: firestoreLookupCache<VehicleDetails>(),
    onCacheError: (operation, key, error) =>
      logger.warn('lookup cache failed', { operation, key, error: (error as Error).message }),
  });
  try {
    return { status: 'found', vehicle: await client.lookupVehicle(data.registrationNumber) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    switch (error.kind) {
      case 'invalid-input':
        throw invalidArgument('Invalid registration number', [
          { field: 'data.registrationNumber', message: error.message },
        ]);
      case 'not-found':
        return { status: 'not-found', message: error.message };
      case 'not-configured':
        return { status: 'not-configured', message: error.message };
      case 'rate-limited':
      case 'unavailable':
      case 'bad-response':
        logger.warn('vehicle lookup failed', {
          kind: error.kind,
          status: error.status,
          detail: error.detail,
        });
        return { status: 'unavailable', message: error.message };
      default:
        throw new HttpsError('internal', 'Internal Server Error');
    }
  }
};
