/**
 * Shape limits every gateway payload must keep before its schema is even looked at: what
 * JSON Schema cannot say, or what would make a stored claim unreadable later (a callable
 * `Int64Value` of "1e999" arrives as Infinity, which Firestore stores and JSON cannot carry
 * back). Each problem names the field, as the rest of the contract's errors do.
 */

export interface PayloadProblem {
  field: string;
  message: string;
}

/** Deeper than any page's answers (page, field, a nested address) need. */
export const MAX_PAYLOAD_DEPTH = 12;
/** Values in one payload: a few hundred answers at most, with room to spare. */
const MAX_PAYLOAD_VALUES = 5_000;
/** One string: a drawn signature's PNG data URL is the longest a claimant sends. */
const MAX_STRING_LENGTH = 400_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function childPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`;
}

/** Every problem with the payload's shape (empty when there is none); stops at the first 20. */
export function payloadShapeProblems(data: unknown, root = 'data'): PayloadProblem[] {
  const problems: PayloadProblem[] = [];
  // An explicit stack, so a payload nested 10,000 deep cannot overflow ours.
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: data, path: root, depth: 0 },
  ];
  let values = 0;
  while (stack.length > 0 && problems.length < 20) {
    const { value, path, depth } = stack.pop()!;
    values += 1;
    if (values > MAX_PAYLOAD_VALUES) {
      problems.push({ field: root, message: `has more than ${MAX_PAYLOAD_VALUES} values` });
      break;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value))
        problems.push({ field: path, message: 'must be a finite number' });
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > MAX_STRING_LENGTH) {
        problems.push({ field: path, message: `is longer than ${MAX_STRING_LENGTH} characters` });
      } else if (LONE_SURROGATE.test(value)) {
        problems.push({ field: path, message: 'contains a character that is not valid text' });
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_PAYLOAD_DEPTH) {
      problems.push({
        field: path,
        message: `is nested more than ${MAX_PAYLOAD_DEPTH} levels deep`,
      });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, path: childPath(path, index), depth: depth + 1 }),
      );
      continue;
    }
    // Object.entries of a bare `object` gives `any` values; a JSON object's values are unknown.
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key.trim() === '') {
        problems.push({ field: path, message: 'has a property with an empty name' });
      } else if (FORBIDDEN_KEYS.has(key)) {
        problems.push({ field: childPath(path, key), message: 'is not an allowed property name' });
      } else if (LONE_SURROGATE.test(key)) {
        problems.push({ field: path, message: 'has a property name that is not valid text' });
      } else {
        stack.push({ value: item, path: childPath(path, key), depth: depth + 1 });
      }
    }
  }
  return problems;
}
