import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from '../builtInFunnel';
import { paths } from '../paths';

/** The URL of a page: the built-in funnel keeps its fixed `/form/<step>/{id?}` routes. */
export function pageUrl(funnelId: string, pageId: string, userId?: string): string {
  // includes() on the tuple of step names wants a step name; pageId is only tested for membership.
  if (funnelId === BUILT_IN_FUNNEL_ID && (BUILT_IN_STEPS as readonly string[]).includes(pageId)) {
    return paths.builtInStep(pageId, userId);
  }
  return paths.formPage(funnelId, pageId, userId);
}

/** The query parameter a check-your-answers "Change" link adds, so Continue returns there. */
export const CHANGE_PARAM = 'change';
export const CHANGE_FROM_REVIEW = 'review';

/** A "Change" link from check-your-answers to the field `fieldId` of a page. */
export function changeAnswerUrl(pageHref: string, fieldId?: string): string {
  return `${pageHref}?${CHANGE_PARAM}=${CHANGE_FROM_REVIEW}${fieldId ? `#${fieldId}` : ''}`;
}
