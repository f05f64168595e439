import type { UiSchema } from '@rjsf/utils';

/**
 * The ids an input's `aria-describedby` may name: the hint, the help text and the error
 * message, only when the FieldTemplate renders them (RJSF's default names all three, so a
 * screen reader is pointed at ids that do not exist).
 */
export function describedBy(
  id: string,
  uiSchema: UiSchema | undefined,
  rawErrors: readonly string[] | undefined,
): string | undefined {
  const ids = [
    uiSchema?.['ui:description'] ? `${id}__description` : null,
    uiSchema?.['ui:help'] ? `${id}__help` : null,
    rawErrors && rawErrors.length > 0 ? `${id}__error` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
