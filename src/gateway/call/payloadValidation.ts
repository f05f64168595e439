import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../runtime/validation/ajvCompiler';
import {
  gatewayRequestSchemas,
  TEXT_PATTERN_MESSAGE,
  TEXT_PATTERNS,
  type GatewayFunctionName,
} from '../../runtime/contract';
import type { InvalidField } from './errors';

const ajv = createAjv();
const validators = new Map<GatewayFunctionName, ValidateFunction>();

function validatorFor(functionName: GatewayFunctionName): ValidateFunction {
  let validate = validators.get(functionName);
  if (!validate) {
    validate = ajv.compile(gatewayRequestSchemas[functionName]);
    validators.set(functionName, validate);
  }
  return validate;
}

/** Names the field an AJV error is about, as the dotted path under `data`. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return ['data', ...path].join('.');
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  // Said in words, not as the pattern: the caller learns which characters to take out.
  if (error.keyword === 'pattern' && TEXT_PATTERNS.has(String(error.params.pattern))) {
    return TEXT_PATTERN_MESSAGE;
  }
  return error.message ?? 'is invalid';
}

/** Returns every invalid field of a payload; an empty list means the payload is valid. */
export function validatePayload(functionName: GatewayFunctionName, data: unknown): InvalidField[] {
  const validate = validatorFor(functionName);
  if (data === undefined || data === null) return [{ field: 'data', message: 'is required' }];
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => ({
    field: fieldOf(error),
    message: messageOf(error),
  }));
}
