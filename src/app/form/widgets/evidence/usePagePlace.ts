import { matchPath, useLocation, useParams } from 'react-router-dom';
import { BUILT_IN_FUNNEL_ID, BUILT_IN_STEPS } from '../../../builtInFunnel';
import { routePatterns } from '../../../paths';

/**
 * The funnel and page the question is on, read from the address as FormStepRoute reads it
 * (`/form/<funnelId>/<pageId>/…`, or the built-in funnel's `/form/<step>/…`): the question
 * page passes nothing down for it, as every first page would carry that for no file.
 */
export function usePagePlace(): { funnelId: string; pageId: string } {
  const params = useParams();
  const { pathname } = useLocation();
  if (params.funnelId && params.pageId) {
    return { funnelId: params.funnelId, pageId: params.pageId };
  }
  const step = BUILT_IN_STEPS.find((each) => matchPath(routePatterns.builtInStep(each), pathname));
  return { funnelId: BUILT_IN_FUNNEL_ID, pageId: step ?? '' };
}
