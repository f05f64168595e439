/** The shape of a gateway handler, in its own module so handlers never import the index that lists them. */
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Transaction } from 'firebase-admin/firestore';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../../runtime/contract';
import type { GatewayConfig } from '../infra/config';

/** What every handler knows of its caller; `uid` is always present (dispatch checks it). */
export interface HandlerContext {
  uid: string;
  token: DecodedIdToken;
  ip: string | null;
  userAgent: string | null;
  config: GatewayConfig;
  /**
   * Runs `work` as one Firestore transaction (repositories/transaction.ts `inTransaction`)
   * that also counts this call against its quotas, for a handler listed in
   * COUNTED_IN_THEIR_TRANSACTION: the counters commit with the work, or neither does, and a
   * call over its limit is refused with nothing written. For any other handler the call was
   * counted before it ran, and this is `inTransaction` itself.
   */
  countedTransaction<T>(
    work: (tx: Transaction) => Promise<T>,
    options?: { retryCreateRace?: boolean },
  ): Promise<T>;
}

export type Handler<F extends GatewayFunctionName> = (
  data: GatewayRequest<F>,
  context: HandlerContext,
) => Promise<GatewayResponse<F>>;
