/**
 * Ideal Postcodes postcode lookup API.
 *
 * Contract: GET {baseUrl}/v1/postcodes/{postcode}?api_key={key} (space and case
 * insensitive). 200 body `{ result: [address...], code: 2000, message: "Success" }`, each
 * address a PAF record with line_1..line_3, post_town, postcode, udprn (number) and uprn
 * (string, may be empty). 404 `{ code: 4040, message: "Postcode Not Found" }`; 401 for an
 * invalid key (4010); 402 when the key's balance or limit is used up (4020/4021).
 */
import { buildAddressOption } from '../addressOption';
import {
  expectArray,
  expectRecord,
  optionalInteger,
  optionalString,
  requiredString,
} from '../responseShape';
import { normaliseUkPostcode } from '../../../runtime/claim';
import type { AddressProviderApi } from './addressProviderApi';

/** The Ideal Postcodes API as the address client uses it. */
export const idealPostcodesApi: AddressProviderApi = {
  serviceName: 'Ideal Postcodes',

  buildRequest(baseUrl, apiKey, postcode) {
    const url = new URL(`${baseUrl}/v1/postcodes/${encodeURIComponent(postcode)}`);
    url.searchParams.set('api_key', apiKey);
    return {
      url: url.toString(),
      init: { method: 'GET', headers: { Accept: 'application/json' } },
    };
  },

  parseAddresses(body) {
    const results = expectArray(expectRecord(body, 'body').result, 'result');
    return results.map((entry) => {
      const address = expectRecord(entry, 'result entry');
      // UPRN identifies the property for good; UDPRN (the Royal Mail delivery point) is
      // the fallback for the few records without one.
      const uprn = optionalString(address, 'uprn');
      const udprn = optionalInteger(address, 'udprn');
      const providerId = uprn ? `uprn:${uprn}` : udprn !== undefined ? `udprn:${udprn}` : undefined;
      return buildAddressOption({
        ...(providerId ? { providerId } : {}),
        line1: requiredString(address, 'line_1'),
        otherLines: [optionalString(address, 'line_2'), optionalString(address, 'line_3')],
        townOrCity: requiredString(address, 'post_town'),
        postcode: normaliseUkPostcode(requiredString(address, 'postcode')),
      });
    });
  },
};
