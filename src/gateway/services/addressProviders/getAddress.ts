/**
 * getAddress.io "find" API.
 *
 * Contract: GET {baseUrl}/find/{postcode}?api-key={key}&expand=true. 200 body
 * `{ postcode, latitude, longitude, addresses: [address...] }`; with expand=true each
 * address is an object with line_1..line_4, locality, town_or_city, county, district,
 * formatted_address and more (without it, addresses are comma-joined strings, which is why
 * expand is always sent). 404 when the postcode is not found, 400 when it is not valid,
 * 401 for a refused key, 429 when over the limit.
 */
import { buildAddressOption } from '../addressOption';
import { expectArray, expectRecord, optionalString, requiredString } from '../responseShape';
import { normaliseUkPostcode } from '../../../runtime/claim';
import type { AddressProviderApi } from './addressProviderApi';

/** The getAddress.io API as the address client uses it. */
export const getAddressApi: AddressProviderApi = {
  serviceName: 'getAddress.io',

  buildRequest(baseUrl, apiKey, postcode) {
    const url = new URL(`${baseUrl}/find/${encodeURIComponent(postcode)}`);
    url.searchParams.set('api-key', apiKey);
    url.searchParams.set('expand', 'true');
    return {
      url: url.toString(),
      init: { method: 'GET', headers: { Accept: 'application/json' } },
    };
  },

  parseAddresses(body, postcode) {
    const record = expectRecord(body, 'body');
    // The postcode is given once for the whole list, not on each address.
    const answeredPostcode = optionalString(record, 'postcode');
    const writtenPostcode = answeredPostcode ? normaliseUkPostcode(answeredPostcode) : postcode;
    return expectArray(record.addresses, 'addresses').map((entry) => {
      const address = expectRecord(entry, 'address');
      return buildAddressOption({
        line1: requiredString(address, 'line_1'),
        otherLines: ['line_2', 'line_3', 'line_4', 'locality'].map((field) =>
          optionalString(address, field),
        ),
        townOrCity: requiredString(address, 'town_or_city'),
        postcode: writtenPostcode,
      });
    });
  },
};
