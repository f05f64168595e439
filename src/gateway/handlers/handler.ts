/** The shape of a gateway handler, in its own module so handlers never import the index that lists them. */
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../../runtime/contract';
import type { GatewayConfig } from '../infra/config';

/** What every handler knows of its caller; `uid` is always present (dispatch checks it). */
export interface HandlerContext {
  uid: string;
  token: DecodedIdToken;
  ip: string | null;
  userAgent: string | null;
  config: GatewayConfig;
}

export type Handler<F extends GatewayFunctionName> = (
  data: GatewayRequest<F>,
  context: HandlerContext,
) => Promise<GatewayResponse<F>>;
