import { MONEY_FORMAT, normaliseUkPostcode, parseMoney } from '../../claim';
import { propertySchemaOf } from '../schema/schemaProperties';
import type { JsonSchemaObject, PageAnswers } from '../types';

/** The keyword a schema uses to ask for an answer to be tidied on save. */
export const NORMALISE_KEYWORD = 'x-normalise';

/** The tidy-ups a schema can ask for, by name (a definition in common.schema.json names one). */
const NORMALISERS: Record<string, (value: string) => string> = {
  // "bs1 5tr" and " BS15TR " become "BS1 5TR".
  ukPostcode: normaliseUkPostcode,
  // Upper case, spaced as typed: " ab12  cde" becomes "AB12 CDE" (as a number plate reads;
  // lookups and duplicate checks compare it without spaces).
  vehicleRegistration: (value) => value.trim().replace(/\s+/g, ' ').toUpperCase(),
  // "£1,150.5" becomes "1150.50" (the stored form of an amount); anything that is not an
  // amount stays as typed, for the schema's `format: money` to refuse naming the field.
  money: (value) => parseMoney(value) ?? value,
};

/** The tidy-up a field's schema asks for: its `x-normalise`, or `money` for an amount. */
function normaliserOf(fieldSchema: JsonSchemaObject | undefined) {
  const named = fieldSchema?.[NORMALISE_KEYWORD];
  if (named !== undefined) return NORMALISERS[String(named)];
  return fieldSchema?.format === MONEY_FORMAT ? NORMALISERS.money : undefined;
}

/** The names a funnel may use with `x-normalise` (funnels:check refuses others). */
export const NORMALISER_NAMES: readonly string[] = Object.keys(NORMALISERS);

function normaliseObject(
  value: Record<string, unknown>,
  schema: JsonSchemaObject,
  root: JsonSchemaObject,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, answer] of Object.entries(value)) {
    const fieldSchema = propertySchemaOf(schema, name, root);
    const normaliser = normaliserOf(fieldSchema);
    if (typeof answer === 'string' && normaliser) result[name] = normaliser(answer);
    else if (fieldSchema && typeof answer === 'object' && answer !== null && !Array.isArray(answer))
      // Checked to be a non-array object just above.
      result[name] = normaliseObject(answer as Record<string, unknown>, fieldSchema, root);
    else result[name] = answer;
  }
  return result;
}

/**
 * A page's answers with every field whose schema says `"x-normalise": "<name>"` tidied
 * (UK postcodes, vehicle registrations), and every amount (`"format": "money"`), so what is saved and shown back is written one way
 * however it was typed. Everything else is returned as it was. Pure; the browser applies
 * it on Continue and the gateway on save, so both hold the same answers.
 */
export function normaliseAnswers(answers: PageAnswers, pageSchema: JsonSchemaObject): PageAnswers {
  // normaliseObject keeps every key and only rewrites text values, so the page's answers keep their shape.
  return normaliseObject(answers, pageSchema, pageSchema) as PageAnswers;
}
