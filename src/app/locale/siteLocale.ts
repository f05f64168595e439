import { useSyncExternalStore } from 'react';
import siteLocales from 'virtual:site-locales';
import type { CompiledMessages } from './compiledMessages';
import type { SiteContent } from '../../content/site';
import { assetsAnswerNow } from '../assetsReachable';

/**
 * The language the site is read in, one per page: the site's own (en-GB) unless the claimant
 * chose another the site is complete in. Every area's words are read through it
 * (messageReader), and the funnel registry gives funnels in it. Another locale's messages are
 * loaded when it is chosen, all areas at once, so a screen opened later has its words at hand:
 * a claimant reading en-GB never loads another language.
 */

/** The site's own locale, whose messages every page is built with. */
export const SITE_LOCALE = siteLocales.locales[0]!;

let active = SITE_LOCALE;
const loaded = new Map<string, { site: SiteContent; messages: Record<string, CompiledMessages> }>();
const listeners = new Set<() => void>();

/** The locales the site is complete in, its own first. */
export function siteLocaleList(): readonly string[] {
  return siteLocales.locales;
}

/** A locale's name in itself ("Cymraeg"), as its own words say it. */
export function languageNameOf(locale: string): string {
  return siteLocales.names[locale] ?? locale;
}

let chosenHere = false;

/** The claimant chose a language in this browser (now, or on an earlier visit). */
export function markLocaleChosen(): void {
  chosenHere = true;
}

/**
 * Whether the claimant chose a language in this browser: if not, a claim opened here (from an
 * email's link, on another device) is shown in the language it was made in.
 */
export function localeChosenHere(): boolean {
  return chosenHere;
}

/** The locale pages are read in now. */
export function activeLocale(): string {
  return active;
}

/** An area's messages in the active locale, or undefined in the site's own (the area's file). */
export function activeMessages(area: string): CompiledMessages | undefined {
  return active === SITE_LOCALE ? undefined : loaded.get(active)?.messages[area];
}

/** The site file's content in the active locale, or undefined in the site's own. */
export function activeSiteContent(): SiteContent | undefined {
  return active === SITE_LOCALE ? undefined : loaded.get(active)?.site;
}

/**
 * Reads the site in `locale` from now on: loads its messages first (the page stays as it is
 * until they are here), then sets the page's `lang` and tells every subscriber.
 * `reachable` is asked before the messages are imported, once: a module that failed to load
 * cannot be loaded again in the same page (browsers remember the failure), so a switch tried
 * while the connection is down must fail without importing, to work when tried again. The
 * first render, drawn from files the server has just sent, asks nothing.
 * @throws Error when the site is not complete in `locale`; a failed load rejects and changes nothing.
 */
export async function switchSiteLocale(
  locale: string,
  reachable: () => Promise<boolean> = assetsAnswerNow,
): Promise<void> {
  if (!siteLocales.locales.includes(locale))
    throw new Error(`the site is not offered in ${locale}`);
  if (locale !== SITE_LOCALE && !loaded.has(locale)) {
    if (!(await reachable())) throw new Error(`the ${locale} messages cannot be loaded now`);
    loaded.set(locale, await siteLocales.load[locale]!());
  }
  if (locale === active) return;
  active = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Calls `listener` after each change of locale; returns its removal. */
export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active locale, re-rendering the component when it changes. */
export function useActiveLocale(): string {
  return useSyncExternalStore(subscribeToLocale, activeLocale, () => SITE_LOCALE);
}
