import { useEffect } from 'react';
import type { Funnel } from '../../../runtime/funnel';
import { offeredLocales } from '../../funnelRegistry';
import { activeLocale, localeChosenHere, switchSiteLocale } from '../../locale/siteLocale';

/**
 * A claim opened where its claimant never chose a language (its email's link on another
 * device) is shown in the language it was made in, when the site and funnel still offer it.
 * A choice made in this browser wins: the claimant can switch back, and the next save records it.
 */
export function useClaimLanguage(
  funnel: Funnel | undefined,
  recordedLocale: string | undefined,
): void {
  useEffect(() => {
    if (!funnel || !recordedLocale || localeChosenHere() || recordedLocale === activeLocale()) {
      return;
    }
    if (!offeredLocales(funnel).includes(recordedLocale)) return;
    // Offline, the claim stays in this language: nothing is lost by that.
    switchSiteLocale(recordedLocale).catch(() => undefined);
  }, [funnel, recordedLocale]);
}
