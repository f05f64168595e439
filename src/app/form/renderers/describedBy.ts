import type { RJSFSchema, StrictRJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * A question's hint, shown under its label: its uiSchema's `ui:description` where the funnel
 * writes one, else the `description` of its schema (as RJSF gives it, a `$ref`'d definition's
 * merged in). Every `description` of a page schema is for claimants; notes for developers
 * are `$comment`s.
 */
export function hintOf(
  schema: RJSFSchema | StrictRJSFSchema | undefined,
  uiSchema: UiSchema | undefined,
): string | undefined {
  const written = uiSchema?.['ui:description'];
  if (typeof written === 'string' && written !== '') return written;
  const own = schema?.description;
  return typeof own === 'string' && own !== '' ? own : undefined;
}

/**
 * The ids an input's `aria-describedby` may name: the hint, the help text and the error
 * message, only when the FieldTemplate renders them (RJSF's default names all three, so a
 * screen reader is pointed at ids that do not exist).
 */
export function describedBy(
  id: string,
  schema: RJSFSchema | undefined,
  uiSchema: UiSchema | undefined,
  rawErrors: readonly string[] | undefined,
): string | undefined {
  const ids = [
    hintOf(schema, uiSchema) ? `${id}__description` : null,
    uiSchema?.['ui:help'] ? `${id}__help` : null,
    rawErrors && rawErrors.length > 0 ? `${id}__error` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
