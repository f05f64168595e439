/** What can take focus for a field: the input itself, or the first input of its group. */
const FOCUSABLE =
  'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

function wrapperOf(fieldId: string): Element | null {
  return document.querySelector(`[data-field="${CSS.escape(fieldId)}"]`);
}

/** The element a field's question is written in (its label or legend), if it has one. */
export function fieldLabelOf(fieldId: string): Element | null {
  return wrapperOf(fieldId)?.querySelector('legend, label') ?? null;
}

/**
 * Moves focus to a field named by its id: the element with that id when it can take focus,
 * else the first input inside it or inside its `[data-field]` wrapper (GOV.UK: the first
 * radio or checkbox of a group, even where the group itself can be focused by script, as a
 * signature's is), and scrolls its label or legend into view, so the question
 * is read with the field. False when no such field is on the page (yet).
 */
export function focusField(fieldId: string): boolean {
  const element = document.getElementById(fieldId);
  const target =
    (element?.matches(FOCUSABLE) ? element : null) ??
    element?.querySelector<HTMLElement>(FOCUSABLE) ??
    wrapperOf(fieldId)?.querySelector<HTMLElement>(FOCUSABLE) ??
    // A group that holds nothing to type in yet takes focus itself (tabindex -1), so the
    // keyboard is still taken to the question.
    (element?.matches('[tabindex]') ? element : null);
  if (!target) return false;
  target.focus({ preventScroll: true });
  (fieldLabelOf(fieldId) ?? target).scrollIntoView({ block: 'start' });
  return true;
}
