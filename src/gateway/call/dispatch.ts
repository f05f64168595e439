import type { CallableRequest } from 'firebase-functions/v2/https';
import { EMULATOR_HOST } from '../../runtime/constants';
import {
  gatewayFunctionRoles,
  gatewayRequestSchemas,
  payloadShapeProblems,
  type GatewayFunctionName,
} from '../../runtime/contract';
import { requireRole } from './roles';
import { requireAppCheck } from './appCheck';
import { addressDigest, clientAddress } from './clientAddress';
import {
  internalError,
  invalidArgument,
  isCallerError,
  resourceExhausted,
  unauthenticated,
} from './errors';
import { logs } from '../infra/logs';
import { COUNTED_IN_THEIR_TRANSACTION, handlers, type HandlerContext } from '../handlers';
import { validatePayload } from './payloadValidation';
import { requireLiveSession } from './liveSession';
import { requireWorkingFunnel } from './brokenFunnel';
import type { GatewayConfig } from '../infra/config';
import {
  isSharedCounter,
  quotaCountersFor,
  quotaExhaustedMessage,
  type QuotaCounter,
} from './quotas';
import { consumeQuotas, quotasIn } from '../repositories/rateLimitRepository';
import { inTransaction } from '../repositories/transaction';
import { isRecord } from '../services/responseShape';
import { gatewayText } from '../gatewayText';
import { withReaderLocale } from '../infra/readerLocale';
import { CONTENT_LOCALE } from '../infra/contentLocales';
import { refuseAbandonedCall } from './abandonedCalls';

function isGatewayFunctionName(name: string): name is GatewayFunctionName {
  return Object.prototype.hasOwnProperty.call(gatewayRequestSchemas, name);
}

/**
 * Checks the envelope, the caller and the payload before any handler runs, so a rejected
 * call never reaches a repository and writes nothing.
 */
export async function dispatchGatewayCall(
  request: CallableRequest<unknown>,
  config: GatewayConfig,
): Promise<unknown> {
  const envelope = request.data;
  if (!isRecord(envelope)) {
    logs.callRejected(undefined, 'payload is not an object');
    throw invalidArgument(gatewayText('call.notAnObject'));
  }
  const { locale } = envelope;
  if (locale !== undefined && (typeof locale !== 'string' || !CONTENT_LOCALE.test(locale))) {
    logs.callRejected(envelope.functionName, 'invalid locale');
    throw invalidArgument('locale is not a language tag', [
      { field: 'locale', message: 'must be a language tag such as cy or en-GB' },
    ]);
  }
  refuseAbandonedCall(envelope.sentAt, config.isEmulator);
  // Everything the call says from here on is said in the caller's language, where the
  // gateway has words in it (gatewayText, renderMail).
  return withReaderLocale(locale, () => dispatchChecked(request, envelope, config));
}

/** The rest of dispatchGatewayCall's checks, then the handler, in the caller's language. */
async function dispatchChecked(
  request: CallableRequest<unknown>,
  envelope: Record<string, unknown>,
  config: GatewayConfig,
): Promise<unknown> {
  const caller = await checkedCall(request, envelope, config);
  return runCounted(request, caller, envelope.data, config);
}

/**
 * The call's name, App Check, caller, role, payload, funnel and session, each refused with
 * its own error before anything is counted or written.
 */
async function checkedCall(
  request: CallableRequest<unknown>,
  envelope: Record<string, unknown>,
  config: GatewayConfig,
): Promise<CheckedCaller> {
  const { functionName, data } = envelope;
  if (typeof functionName !== 'string' || functionName.length === 0) {
    logs.callRejected(functionName, 'missing functionName');
    throw invalidArgument('functionName is required', [
      { field: 'functionName', message: 'must be a non-empty string' },
    ]);
  }
  if (!isGatewayFunctionName(functionName)) {
    // Echo a bounded, printable part of it only: a megabyte in must not be a megabyte out.
    const shown = JSON.stringify(functionName.slice(0, 64));
    logs.callRejected(shown, 'unknown functionName');
    throw invalidArgument(gatewayText('call.unknownFunction', { functionName: shown }), [
      {
        field: 'functionName',
        message: `must be one of ${Object.keys(gatewayRequestSchemas).join(', ')}`,
      },
    ]);
  }
  try {
    requireAppCheck(request.app, config.appCheck);
  } catch (error) {
    logs.callRejected(functionName, 'app check');
    throw error;
  }
  if (!request.auth?.uid) {
    logs.callRejected(functionName, 'unauthenticated');
    throw unauthenticated();
  }
  try {
    await requireRole(gatewayFunctionRoles[functionName], request.auth.uid, request.auth.token);
  } catch (error) {
    logs.callRejected(functionName, `not ${gatewayFunctionRoles[functionName]}`);
    throw error;
  }
  const unsafe = payloadShapeProblems(data);
  if (unsafe.length > 0) {
    logs.callRejected(functionName, 'unsafe data');
    throw invalidArgument(gatewayText('call.invalidData', { functionName }), unsafe);
  }
  const fields = validatePayload(functionName, data);
  if (fields.length > 0) {
    logs.callRejected(functionName, 'invalid data');
    throw invalidArgument(gatewayText('call.invalidData', { functionName }), fields);
  }
  requireWorkingFunnel(functionName, data);
  await requireLiveSession(request, functionName);
  return { functionName, uid: request.auth.uid, token: request.auth.token };
}

interface CheckedCaller {
  functionName: GatewayFunctionName;
  uid: string;
  token: HandlerContext['token'];
}

/** The handler, with the call counted against its quotas (before it, or in its transaction). */
async function runCounted(
  request: CallableRequest<unknown>,
  { functionName, uid, token }: CheckedCaller,
  data: unknown,
  config: GatewayConfig,
): Promise<unknown> {
  // The Functions emulator hands the request over a Unix socket without an address; it
  // listens only on EMULATOR_HOST (firebase.json), so there every caller is on this machine.
  const ip = clientAddress(
    request.rawRequest,
    config.trustedProxyHops,
    config.isEmulator ? EMULATOR_HOST : null,
  );
  const counters = quotaCountersFor(config.quotas, functionName, {
    addressDigest: ip ? addressDigest(ip, config.addressSecret) : null,
  });
  const refuseWhenExhausted = (exhausted: QuotaCounter | null) => {
    if (!exhausted) return;
    logs.rateLimited(functionName, uid, exhausted.scope);
    throw resourceExhausted(quotaExhaustedMessage(functionName));
  };
  // Counted before the handler runs, unless its own transaction counts it: then only the
  // counters many callers share are counted first, never in a claim's transaction (where
  // they would make every claim's save contend on one document).
  let counted = !COUNTED_IN_THEIR_TRANSACTION.has(functionName);
  if (counted) refuseWhenExhausted(await consumeQuotas(counters, uid));
  const ownCounters = counted ? [] : counters.filter((counter) => !isSharedCounter(counter));
  if (!counted) refuseWhenExhausted(await consumeQuotas(counters.filter(isSharedCounter), uid));
  const context: HandlerContext = {
    uid,
    token,
    ip,
    userAgent: request.rawRequest?.headers?.['user-agent'] ?? null,
    config,
    countedTransaction: async (work, options) => {
      if (counted) return inTransaction(work, options);
      const result = await inTransaction(async (tx) => {
        const quotas = await quotasIn(tx, ownCounters, uid);
        refuseWhenExhausted(quotas.exhausted);
        const done = await work(tx);
        // After the work's reads: a transaction reads everything before it writes.
        quotas.count();
        return done;
      }, options);
      counted = true;
      return result;
    },
  };
  try {
    // The payload was validated against this function's schema just above.
    return await handlers[functionName](data as never, context);
  } catch (error) {
    if (isCallerError(error)) throw error;
    logs.callFailed(functionName, error);
    throw internalError();
  } finally {
    // A call refused before or inside its transaction (nothing of it written) counts all the
    // same, as it would have up front; one refused for its quota is not counted again.
    if (!counted) await consumeQuotas(ownCounters, uid).catch(() => undefined);
  }
}
