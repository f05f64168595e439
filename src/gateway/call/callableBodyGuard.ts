import type { Request } from 'firebase-functions/v2/https';
import type { PayloadProblem } from '../../runtime/contract';
import { invalidArgument } from './errors';
import { isRecord } from '../services/responseShape';

/**
 * The callable protocol's decoder (firebase-functions) walks the body recursively and throws
 * a plain Error on any object with an `@type` it does not know: a body nested thousands deep
 * or carrying such an object is answered 500 before the gateway's own checks run, and a
 * `__proto__` key silently vanishes (it sets the copy's prototype), so the gateway would
 * never see it to refuse it. This looks
 * first, without recursion, and refuses those bodies as invalid arguments naming the field.
 */

/** Far deeper than the payload limit (MAX_PAYLOAD_DEPTH) the gateway enforces after decoding. */
export const MAX_RAW_DEPTH = 64;
const WRAPPED_NUMBER_TYPES = new Set([
  'type.googleapis.com/google.protobuf.Int64Value',
  'type.googleapis.com/google.protobuf.UInt64Value',
]);

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key.slice(0, 64)}` : key.slice(0, 64);
}

/** The first part of the envelope (`body.data`) the decoder could not take, or null. */
export function callableBodyProblem(body: unknown): PayloadProblem | null {
  if (!isRecord(body)) return null;
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: body.data, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    const field = path || 'data';
    if (depth > MAX_RAW_DEPTH) {
      return { field, message: `is nested more than ${MAX_RAW_DEPTH} levels deep` };
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, path: childPath(path, index), depth: depth + 1 }),
      );
      continue;
    }
    // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
    const type = (value as Record<string, unknown>)['@type'];
    if (type) {
      // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
      const wrapped = (value as Record<string, unknown>).value;
      const number = typeof wrapped === 'string' ? parseFloat(wrapped) : NaN;
      if (typeof type === 'string' && WRAPPED_NUMBER_TYPES.has(type) && !Number.isNaN(number)) {
        continue;
      }
      return { field, message: 'is not a value the gateway accepts (unknown or malformed @type)' };
    }
    for (const [key, item] of Object.entries(value)) {
      // The decoder copies with `obj[key] =`: this one key would set the prototype instead.
      if (key === '__proto__') {
        return { field: childPath(path, key), message: 'is not an allowed property name' };
      }
      stack.push({ value: item, path: childPath(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** What the guard needs of the response the callable gets (an Express response). */
interface ResponseLike {
  set(field: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

type HttpHandler = (request: Request, response: never) => unknown;

/**
 * Wraps the callable function: a body the decoder could not take is answered 400 in the
 * callable protocol's error format (with the CORS header the browser needs to read it);
 * anything else goes on to the callable untouched. The callable's own properties (its
 * deployment endpoint, `run`) are kept, so deploys and the emulator see the same function.
 */
export function guardCallableBody<F extends HttpHandler>(callable: F): F {
  const guarded = (request: Request, response: ResponseLike) => {
    const problem = request.method === 'POST' ? callableBodyProblem(request.body) : null;
    // The guard passes the response through untouched; F's own response parameter type is not visible through the generic.
    if (!problem) return callable(request, response as never);
    const error = invalidArgument('Invalid request', [problem]);
    const origin = request.get('origin');
    if (origin) {
      response.set('Access-Control-Allow-Origin', origin);
      response.set('Vary', 'Origin');
    }
    response.status(error.httpErrorCode.status).json({ error: error.toJSON() });
  };
  // The wrapper takes the callable's own properties (its trigger); the compiler cannot see that.
  return Object.assign(guarded, callable) as unknown as F;
}
