/**
 * A `next` rule whose `when` asks of an answer a value the page's schema never allows (a
 * `const` or `enum` outside the field's type, or outside its own `enum` or `const`) can never
 * be taken: claimants always go past it. Said at the rule, where the mistake is, rather than
 * through an example claim that then follows the other branch ("has no answers for page").
 */
import { pointerOf } from '../schema/jsonPointer';
import { isJsonObject, propertySchemaOf } from '../schema/schemaProperties';
import type { Funnel, JsonSchemaObject } from '../types';

interface ImpossibleConditionProblem {
  pointer: string;
  message: string;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether an answer of `field` could be `value`; undefined when the schema does not say. */
function allows(field: JsonSchemaObject, value: unknown): boolean {
  if (Array.isArray(field.enum)) return field.enum.some((allowed) => sameJson(allowed, value));
  if ('const' in field) return sameJson(field.const, value);
  const types = Array.isArray(field.type) ? field.type : field.type ? [field.type] : [];
  if (types.length === 0) return true;
  const type = jsonTypeOf(value);
  return types.some((allowed) => allowed === type || (allowed === 'number' && type === 'integer'));
}

function describe(field: JsonSchemaObject): string {
  if (Array.isArray(field.enum))
    return `one of ${field.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in field) return `always ${JSON.stringify(field.const)}`;
  const types = Array.isArray(field.type) ? field.type : [field.type];
  return `a ${types.join(' or ')}`;
}

/**
 * The rules no answer can take. `schemaOf` gives a page's bundled schema by its pageId
 * (undefined for a page whose schema is reported elsewhere).
 */
export function checkImpossibleConditions(
  funnel: Funnel,
  schemaOf: (pageId: string) => JsonSchemaObject | undefined,
): ImpossibleConditionProblem[] {
  const problems: ImpossibleConditionProblem[] = [];
  funnel.pages.forEach((page, i) => {
    (page.next ?? []).forEach((rule, j) => {
      const asked = isJsonObject(rule.when) ? rule.when.properties : undefined;
      if (!isJsonObject(asked)) return;
      for (const [pageId, pageCondition] of Object.entries(asked)) {
        const schema = schemaOf(pageId);
        const fields = isJsonObject(pageCondition) ? pageCondition.properties : undefined;
        if (!schema || !isJsonObject(fields)) continue;
        for (const [name, condition] of Object.entries(fields)) {
          if (!isJsonObject(condition)) continue;
          const values =
            'const' in condition
              ? [condition.const]
              : Array.isArray(condition.enum)
                ? condition.enum
                : undefined;
          const field = propertySchemaOf(schema, name, schema);
          if (!values || !field || values.some((value) => allows(field, value))) continue;
          const keyword = 'const' in condition ? 'const' : 'enum';
          problems.push({
            pointer: pointerOf(
              'pages',
              i,
              'next',
              j,
              'when',
              'properties',
              pageId,
              'properties',
              name,
              keyword,
            ),
            message: `no answer can take this rule: "${name}" on page "${pageId}" is ${describe(field)}, never ${values.map((v) => JSON.stringify(v)).join(' or ')}`,
          });
        }
      }
    });
  });
  return problems;
}
