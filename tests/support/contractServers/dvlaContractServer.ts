/**
 * A local server speaking the DVLA Vehicle Enquiry Service contract:
 * POST /vehicle-enquiry/v1/vehicles with `x-api-key` and a JSON body
 * `{"registrationNumber": "..."}`; 200 with the vehicle, 400 for an unreadable body,
 * 403 for a wrong key, 404 for an unknown vehicle, each with the API's error shape.
 */
import { startContractServer, type ContractServer, type ScriptedResponse } from './contractServer';

/** The key the server accepts unless told otherwise. */
export const DVLA_CONTRACT_API_KEY = 'contract-dvla-key';

/** A vehicle as VES returns it (the documented fields; all optional but the registration). */
export interface DvlaVehicleRecord {
  registrationNumber: string;
  make?: string;
  colour?: string;
  fuelType?: string;
  yearOfManufacture?: number;
  monthOfFirstRegistration?: string;
  engineCapacity?: number;
  taxStatus?: string;
  taxDueDate?: string;
  motStatus?: string;
  motExpiryDate?: string;
  co2Emissions?: number;
  markedForExport?: boolean;
  typeApproval?: string;
  wheelplan?: string;
  revenueWeight?: number;
  dateOfLastV5CIssued?: string;
  euroStatus?: string;
  realDrivingEmissions?: string;
  artEndDate?: string;
}

/** What the server knows. */
export interface DvlaContractServerOptions {
  /** Vehicles by registration (any case and spacing). */
  vehicles: Record<string, DvlaVehicleRecord>;
  /** The accepted `x-api-key`. Default {@link DVLA_CONTRACT_API_KEY}. */
  apiKey?: string;
}

const normalise = (registration: string): string => registration.replace(/\s+/g, '').toUpperCase();

/** VES reports errors as a list of `{ status, title, detail }`. */
function errorAnswer(status: number, title: string, detail: string): ScriptedResponse {
  return { status, body: { errors: [{ status: String(status), title, detail }] } };
}

/** Starts a DVLA VES contract server on 127.0.0.1. */
export function startDvlaContractServer(
  options: DvlaContractServerOptions,
): Promise<ContractServer> {
  const apiKey = options.apiKey ?? DVLA_CONTRACT_API_KEY;
  const vehicles = new Map(
    Object.entries(options.vehicles).map(([registration, vehicle]) => [
      normalise(registration),
      vehicle,
    ]),
  );

  return startContractServer((request) => {
    if (request.method !== 'POST' || request.path !== '/vehicle-enquiry/v1/vehicles') {
      return errorAnswer(404, 'Not Found', `No route for ${request.method} ${request.path}`);
    }
    if (request.headers['x-api-key'] !== apiKey) {
      // API Gateway's own answer to a missing or wrong key.
      return { status: 403, body: { message: 'Forbidden' } };
    }
    let registration: unknown;
    try {
      registration = (JSON.parse(request.body) as { registrationNumber?: unknown })
        .registrationNumber;
    } catch {
      registration = undefined;
    }
    if (typeof registration !== 'string' || registration.trim() === '') {
      return errorAnswer(
        400,
        'Bad Request',
        'Invalid format for field - vehicle registration number',
      );
    }
    const vehicle = vehicles.get(normalise(registration));
    if (vehicle === undefined) {
      return errorAnswer(404, 'Vehicle Not Found', 'Record for vehicle not found');
    }
    return { status: 200, body: vehicle };
  });
}
