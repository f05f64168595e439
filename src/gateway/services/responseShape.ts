/**
 * Checks that a service's JSON answer has the documented shape. A violation is thrown as
 * {@link ContractViolation}, which each client turns into a `bad-response` ServiceError;
 * its message names the field, never the value, so it is safe to log.
 */

/** The answer broke the documented contract. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

/** A JSON object (not an array, not null). */
type JsonRecord = Record<string, unknown>;

/** Parses a body that must be JSON. */
export function parseJson(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw new ContractViolation('body is not JSON');
  }
}

/** True for a JSON object. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` as an object, or a violation naming `what`. */
export function expectRecord(value: unknown, what: string): JsonRecord {
  if (!isRecord(value)) throw new ContractViolation(`${what} is not an object`);
  return value;
}

/** `value` as an array, or a violation naming `what`. */
export function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ContractViolation(`${what} is not an array`);
  return value;
}

/** A string field that may be absent (absent or null gives undefined). */
export function optionalString(record: JsonRecord, field: string): string | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ContractViolation(`${field} is not a string`);
  return value;
}

/** A string field that must be present. */
export function requiredString(record: JsonRecord, field: string): string {
  const value = optionalString(record, field);
  if (value === undefined) throw new ContractViolation(`${field} is missing`);
  return value;
}

/** A whole-number field that may be absent (absent or null gives undefined). */
export function optionalInteger(record: JsonRecord, field: string): number | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ContractViolation(`${field} is not a whole number`);
  }
  return value;
}
