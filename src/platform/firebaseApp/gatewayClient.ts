import { GATEWAY_CALL_TIMEOUT_MS, GATEWAY_FUNCTION_NAME } from '../../runtime/constants';
import type { GatewayFunctionName, GatewayRequest, GatewayResponse } from '../../runtime/contract';
import { callerLocale } from '../callerLocale';

/** A field the gateway refused, as named in its invalid-argument details. */
export interface GatewayFieldError {
  field: string;
  message: string;
}

/** The web layer's one error type for failed gateway calls. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: GatewayFieldError[] = [],
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

function fieldsOf(details: unknown): GatewayFieldError[] {
  const fields =
    typeof details === 'object' && details !== null && 'fields' in details
      ? details.fields
      : undefined;
  // The gateway's own HttpsError details: its field errors, as the contract words them.
  return Array.isArray(fields) ? (fields as GatewayFieldError[]) : [];
}

/**
 * The gateway's message as it wrote it. The Firebase SDK ends every callable error's message
 * with the HTTP status (" [400]"), which means nothing to a claimant reading it.
 */
export function gatewayMessageOf(sdkMessage: string): string {
  return sdkMessage.replace(/\s*\[\d{3}\]$/, '');
}

/**
 * A request's fields as JSON would send them: the callable protocol sends a field left
 * undefined as null, which no request schema accepts, so such a field is left out.
 */
function definedFields(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/**
 * The one gateway client: every business call goes through the `gateway` callable with
 * `{functionName, data, locale}` (runtime/contract's GatewayEnvelope; `locale` the page's
 * language, callerLocale). The Firebase SDK attaches the
 * ID token and, where App Check is configured, its token.
 */
export async function callGateway<F extends GatewayFunctionName>(
  functionName: F,
  data: GatewayRequest<F>,
): Promise<GatewayResponse<F>> {
  // Loaded on the first call, not with the page: the first question shows before Firebase.
  const [{ firebaseServices }, { sessionReady }, { FunctionsError, httpsCallable }] =
    await Promise.all([
      import('./firebaseApp'),
      import('../authService'),
      import('firebase/functions'),
    ]);
  const services = firebaseServices();
  // Typed through the signature above; the envelope type itself is too deep for httpsCallable.
  const callable = httpsCallable<unknown, GatewayResponse<F>>(
    services.functions,
    GATEWAY_FUNCTION_NAME,
    { timeout: GATEWAY_CALL_TIMEOUT_MS },
  );
  try {
    // The SDK attaches the ID token: a call made before the browser has a session would go
    // without one and be refused (a link's first open on a new device).
    await sessionReady();
    // The SDK attaches the App Check token itself, once App Check has started.
    await services.appCheckReady();
    const locale = callerLocale();
    const envelope: {
      functionName: GatewayFunctionName;
      data: unknown;
      locale?: string;
      sentAt: number;
    } = {
      functionName,
      data: definedFields(data),
      ...(locale ? { locale } : {}),
      // Sent as the call leaves: a call the emulator ran only after this page gave up is dropped.
      sentAt: Date.now(),
    };
    const result = await callable(envelope);
    return result.data;
  } catch (error) {
    if (error instanceof FunctionsError) {
      throw new GatewayError(
        gatewayMessageOf(error.message),
        error.code.replace(/^functions\//, ''),
        fieldsOf(error.details),
      );
    }
    throw error;
  }
}
