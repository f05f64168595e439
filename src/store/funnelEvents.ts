import { createAction } from '@reduxjs/toolkit';
import type { FieldError } from '../runtime/funnel';

/**
 * Funnel events that change no state: the form reports them and the analytics listener
 * (analyticsEvents.ts) records them when the visitor consented.
 */

/**
 * A funnel page was shown to the claimant, with its "Step N" number when on the path.
 * `shownAt` (epoch ms) is when it was first drawn: the view is reported once the claim has
 * loaded, which may be after the visitor consented, but it counts only if consent came first.
 */
export const stepViewed = createAction<{
  funnelId: string;
  pageId: string;
  step: number | null;
  shownAt: number;
}>('funnel/stepViewed');

/**
 * Continue was pressed on a page with errors. Only the names of the fields in error are
 * kept (deduplicated, the page itself as `(page)`): messages and answers never enter the
 * action, so they can reach neither the log nor analytics.
 */
export const stepValidationFailed = createAction(
  'funnel/stepValidationFailed',
  (event: { funnelId: string; pageId: string; errors: readonly Pick<FieldError, 'field'>[] }) => ({
    payload: {
      funnelId: event.funnelId,
      pageId: event.pageId,
      fields: [...new Set(event.errors.map((error) => error.field || '(page)'))],
    },
  }),
);
