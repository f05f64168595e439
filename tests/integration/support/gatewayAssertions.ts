import { expect } from 'vitest';
import type { GatewayErrorBody, GatewayReply } from './emulators';

/** HTTP status the callable protocol gives each error status. */
const HTTP_STATUS: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  DEADLINE_EXCEEDED: 504,
  INTERNAL: 500,
};

/** Asserts the gateway refused the call with `errorStatus` and returns the error. */
export function expectGatewayError(reply: GatewayReply, errorStatus: string): GatewayErrorBody {
  expect(reply.json.result, 'a refused call has no result').toBeUndefined();
  expect(reply.json.error?.status, JSON.stringify(reply.json)).toBe(errorStatus);
  expect(reply.status).toBe(HTTP_STATUS[errorStatus]);
  expect(typeof reply.json.error?.message).toBe('string');
  return reply.json.error!;
}

/**
 * Asserts an INVALID_ARGUMENT refusal whose message names every one of `fields`, and that
 * `details.fields` (what the browser puts beside each input) lists them too.
 */
export function expectInvalidArgument(reply: GatewayReply, ...fields: string[]): GatewayErrorBody {
  const error = expectGatewayError(reply, 'INVALID_ARGUMENT');
  for (const field of fields) {
    expect(error.message).toContain(field);
    expect(error.details?.fields?.map((f) => f.field)).toContain(field);
  }
  return error;
}
