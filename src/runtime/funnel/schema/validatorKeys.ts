/**
 * Deterministic keys under which validators are compiled, so that a build step can
 * precompile AJV standalone validators and the browser can look them up by the same key.
 */
import type { Funnel } from '../types';
import { pointerOf } from './jsonPointer';

/** Key of a page schema's validator: its `$id`. */
export function pageSchemaKey(schemaId: string): string {
  return schemaId;
}

/** Key of a `next` rule's condition, e.g. `vehicle-claim@1#/pages/2/next/0/when`. */
export function conditionKey(
  funnel: Pick<Funnel, 'funnelId' | 'version'>,
  pageIndex: number,
  ruleIndex: number,
): string {
  return `${funnel.funnelId}@${funnel.version}#${pointerOf('pages', pageIndex, 'next', ruleIndex, 'when')}`;
}

/**
 * The name of a page's RJSF validators in a build: its `$id`, or `<$id>@<locale>` for the page
 * read in another language (RJSF finds a part's validator by a hash of its text too).
 */
export function rjsfValidatorKey(schemaId: string, locale?: string): string {
  return locale === undefined ? schemaId : `${schemaId}@${locale}`;
}
