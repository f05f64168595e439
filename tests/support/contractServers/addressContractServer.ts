/**
 * A local server speaking an address provider's postcode-lookup contract, either
 *  - Ideal Postcodes: GET /v1/postcodes/{postcode}?api_key=KEY; 200
 *    `{ result: [...], code: 2000, message: "Success" }`, 404 `{ code: 4040, ... }` for an
 *    unknown (or malformed) postcode, 401 `{ code: 4010, ... }` for a wrong key; or
 *  - getAddress.io: GET /find/{postcode}?api-key=KEY&expand=true; 200
 *    `{ postcode, latitude, longitude, addresses: [...] }` (addresses as comma-joined
 *    strings when expand is not "true"), 404 for an unknown postcode, 400 for a malformed
 *    one, 401 for a wrong key.
 */
import { startContractServer, type ContractServer, type ScriptedResponse } from './contractServer';

/** The key the server accepts unless told otherwise. */
export const ADDRESS_CONTRACT_API_KEY = 'contract-address-key';

/** An address as Ideal Postcodes returns it (the fields used here and a few more). */
export interface IdealPostcodesAddressRecord {
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  postcode: string;
  udprn?: number;
  uprn?: string;
  premise?: string;
  thoroughfare?: string;
  building_number?: string;
  building_name?: string;
  sub_building_name?: string;
  organisation_name?: string;
  dependant_locality?: string;
  county?: string;
  district?: string;
  country?: string;
  longitude?: number;
  latitude?: number;
}

/** An address as getAddress.io returns it with expand=true. */
export interface GetAddressRecord {
  formatted_address: string[];
  thoroughfare: string;
  building_name: string;
  sub_building_name: string;
  sub_building_number: string;
  building_number: string;
  line_1: string;
  line_2: string;
  line_3: string;
  line_4: string;
  locality: string;
  town_or_city: string;
  county: string;
  district: string;
  country: string;
  residential: boolean;
}

/** Which provider's contract to speak, and the address record type it uses. */
export interface AddressRecordsByProvider {
  'ideal-postcodes': IdealPostcodesAddressRecord;
  getaddress: GetAddressRecord;
}

/** The provider names the server speaks (the same values as ADDRESS_PROVIDER). */
export type AddressContractProvider = keyof AddressRecordsByProvider;

/** What the server knows. */
export interface AddressContractServerOptions<P extends AddressContractProvider> {
  /** Addresses by postcode (any case and spacing). An empty list is answered as not found. */
  postcodes: Record<string, AddressRecordsByProvider[P][]>;
  /** The accepted key. Default {@link ADDRESS_CONTRACT_API_KEY}. */
  apiKey?: string;
}

const compact = (postcode: string): string => postcode.replace(/\s+/g, '').toUpperCase();
const FULL_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/;

function idealPostcodesAnswer(
  path: string,
  query: Record<string, string>,
  apiKey: string,
  postcodes: Map<string, IdealPostcodesAddressRecord[]>,
): ScriptedResponse {
  const match = /^\/v1\/postcodes\/([^/]+)$/.exec(path);
  if (!match?.[1]) return { status: 404, body: { code: 4044, message: 'Resource not found' } };
  if (query.api_key !== apiKey) {
    return { status: 401, body: { code: 4010, message: 'Invalid Key' } };
  }
  const result = postcodes.get(compact(match[1]));
  if (!result?.length) return { status: 404, body: { code: 4040, message: 'Postcode Not Found' } };
  return { status: 200, body: { result, code: 2000, message: 'Success' } };
}

function getAddressAnswer(
  path: string,
  query: Record<string, string>,
  apiKey: string,
  postcodes: Map<string, GetAddressRecord[]>,
): ScriptedResponse {
  const match = /^\/find\/([^/]+)$/.exec(path);
  if (!match?.[1]) return { status: 404, body: { Message: 'Not Found' } };
  if (query['api-key'] !== apiKey) return { status: 401, body: { Message: 'Unauthorized' } };
  const postcode = compact(match[1]);
  if (!FULL_POSTCODE.test(postcode)) return { status: 400, body: { Message: 'Bad Request' } };
  const addresses = postcodes.get(postcode);
  if (!addresses?.length) return { status: 404, body: { Message: 'Not Found' } };
  const written = `${postcode.slice(0, -3)} ${postcode.slice(-3)}`;
  const expanded = query.expand === 'true';
  return {
    status: 200,
    body: {
      postcode: written,
      latitude: 51.5,
      longitude: -0.12,
      addresses: expanded
        ? addresses
        : addresses.map((a) =>
            [a.line_1, a.line_2, a.line_3, a.line_4, a.locality, a.town_or_city, a.county].join(
              ',',
            ),
          ),
    },
  };
}

/** Starts an address-provider contract server on 127.0.0.1. */
export function startAddressContractServer<P extends AddressContractProvider>(
  provider: P,
  options: AddressContractServerOptions<P>,
): Promise<ContractServer> {
  const apiKey = options.apiKey ?? ADDRESS_CONTRACT_API_KEY;
  const byPostcode = new Map(
    Object.entries(options.postcodes).map(([postcode, records]) => [compact(postcode), records]),
  );
  return startContractServer((request) => {
    if (request.method !== 'GET') return { status: 405, body: { message: 'Method Not Allowed' } };
    return provider === 'ideal-postcodes'
      ? idealPostcodesAnswer(
          request.path,
          request.query,
          apiKey,
          byPostcode as Map<string, IdealPostcodesAddressRecord[]>,
        )
      : getAddressAnswer(
          request.path,
          request.query,
          apiKey,
          byPostcode as Map<string, GetAddressRecord[]>,
        );
  });
}
