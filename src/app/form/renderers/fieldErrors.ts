import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../../runtime/funnel';
import type { SummaryError } from '../../ui/ErrorSummary';

/** RJSF's id for a field path: `previousAddress.postcode` → `root_previousAddress_postcode`. */
export function fieldIdOf(field: string): string {
  return ['root', ...field.split('.').filter(Boolean)].join('_');
}

/** The registry's errors as RJSF's error schema, to show each message beside its field. */
export function toErrorSchema(errors: FieldError[]): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const error of errors) {
    let node = schema;
    for (const part of error.field.split('.').filter(Boolean)) {
      // Only this loop writes the tree, and under a field name it puts only objects.
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    // Only this loop writes the tree, and under __errors it puts only lists of messages.
    const list = ((node.__errors as string[] | undefined) ??= []);
    if (!list.includes(error.message)) list.push(error.message);
  }
  // The tree built above has ErrorSchema's shape: objects by field name, each with its __errors.
  return schema as ErrorSchema;
}

/** One summary entry per field (the first message), in page order. */
export function toSummaryErrors(
  errors: FieldError[],
  fieldOrder: readonly string[] = [],
): SummaryError[] {
  const seen = new Set<string>();
  const summary: SummaryError[] = [];
  // GOV.UK: the summary lists errors in the order the fields appear on the page.
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field.split('.')[0] ?? field);
    return index === -1 ? fieldOrder.length : index;
  };
  const ordered = [...errors].sort((a, b) => rank(a.field) - rank(b.field));
  for (const error of ordered) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    summary.push({ fieldId: fieldIdOf(error.field), message: error.message });
  }
  return summary;
}

/**
 * The page's top-level fields in the order they are shown: the uiSchema's `ui:order` (its
 * `*` standing for the fields it does not name, in schema order), else the schema's order.
 */
export function fieldOrderOf(
  schema: { properties?: Record<string, unknown> },
  uiSchema?: { 'ui:order'?: unknown },
): string[] {
  const properties = Object.keys(schema.properties ?? {});
  const asked: unknown = uiSchema?.['ui:order'];
  const order = Array.isArray(asked)
    ? asked.filter((name): name is string => typeof name === 'string')
    : ['*'];
  const named = new Set(order);
  return order.flatMap((name) =>
    name === '*' ? properties.filter((property) => !named.has(property)) : [name],
  );
}
