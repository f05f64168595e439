import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../runtime/funnel';
import type { SummaryError } from '../ui/ErrorSummary';

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
      node = (node[part] ??= {}) as Record<string, unknown>;
    }
    const list = ((node.__errors as string[] | undefined) ??= []);
    if (!list.includes(error.message)) list.push(error.message);
  }
  return schema as ErrorSchema;
}

/** One summary entry per field (the first message), in page order. */
export function toSummaryErrors(errors: FieldError[]): SummaryError[] {
  const seen = new Set<string>();
  const summary: SummaryError[] = [];
  for (const error of errors) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    summary.push({ fieldId: fieldIdOf(error.field), message: error.message });
  }
  return summary;
}
