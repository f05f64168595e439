/**
 * What the address client needs to know about one provider's API: how to ask, and how to
 * read a successful answer. Statuses and retries are handled once, in the address client.
 */
import type { AddressOption } from '../addressOption';

/** One address provider's documented contract. */
export interface AddressProviderApi {
  /** Names the provider in operator details, e.g. "Ideal Postcodes". */
  serviceName: string;
  /** The request for the addresses at `postcode` (compact form, e.g. "SW1A2AA"). */
  buildRequest(
    baseUrl: string,
    apiKey: string,
    postcode: string,
  ): { url: string; init: RequestInit };
  /**
   * The addresses in a 200 body. `postcode` (written form) stands in where the provider
   * leaves it out. Throws ContractViolation when the body breaks the contract.
   */
  parseAddresses(body: unknown, postcode: string): AddressOption[];
}
