/**
 * The gateway's response data. The types live in runtime/types, below every room, so the
 * claim rules and the funnel runtime can use them without importing the contract;
 * gatewayContract.ts re-exports them from here as part of the contract.
 */
export type * from '../types/views';
