import { useEffect, useState } from 'react';
import { shellText } from './shellText';
import { useHydrated } from '../hydration/useHydrated';
import {
  languageNameOf,
  markLocaleChosen,
  switchSiteLocale,
  useActiveLocale,
} from '../locale/siteLocale';

/** Where focus goes after a switch: the page is drawn again, and the claimant stays here. */
const LANGUAGE_SWITCH_ID = 'language-switch';

/** The language a switch was asked for, until the page drawn in it has said so. */
let switchTo: string | null = null;
const askedFor = (locale: string | null) => {
  switchTo = locale;
};
/** True once for the page first drawn in the language asked for. */
const takeAsked = (active: string): boolean => {
  if (switchTo !== active) return false;
  switchTo = null;
  return true;
};

/**
 * What the switch's status line says: once, after a switch, in the new language (focus
 * alone would only read the navigation's name again). The page is drawn again in the new
 * language, this component with it, so what was asked for is kept outside it; the line is
 * filled a frame after it is drawn empty, as a screen reader hears a status that changes.
 */
function useSwitchAnnouncement(active: string): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!takeAsked(active)) return;
    const frame = requestAnimationFrame(() =>
      setSaid(shellText('language.switched', { language: languageNameOf(active) })),
    );
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return said;
}

/**
 * The languages this page can be read in, each named in itself, the current one marked: shown
 * only when there is another (a site or funnel with one language shows nothing). Choosing one
 * draws the page again in it; what was typed is kept (it is kept as it is typed).
 */
export function LanguageSwitch({ locales }: { locales: readonly string[] }) {
  const active = useActiveLocale();
  const [failed, setFailed] = useState(false);
  const said = useSwitchAnnouncement(active);
  // A prerendered page's buttons do nothing until the page is hydrated: they are shown
  // disabled until then, rather than swallow a tap.
  const hydrated = useHydrated();
  // A claimant reading a language this page lacks can still go back to one it has.
  if (!locales.some((locale) => locale !== active)) return null;
  const choose = (locale: string) => {
    setFailed(false);
    markLocaleChosen();
    askedFor(locale);
    switchSiteLocale(locale).then(
      () => requestAnimationFrame(() => document.getElementById(LANGUAGE_SWITCH_ID)?.focus()),
      () => {
        askedFor(null);
        setFailed(true);
      },
    );
  };
  return (
    <nav
      id={LANGUAGE_SWITCH_ID}
      className="language-switch"
      aria-label={shellText('language.nav')}
      tabIndex={-1}
    >
      <ul className="language-switch__list">
        {locales.map((locale) => (
          <li key={locale} lang={locale}>
            {locale === active ? (
              <span aria-current="true">{languageNameOf(locale)}</span>
            ) : (
              <button
                type="button"
                className="language-switch__choice"
                lang={locale}
                data-locale={locale}
                disabled={!hydrated}
                onClick={() => choose(locale)}
              >
                {languageNameOf(locale)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {/* In the page from the start, so a screen reader hears it when it is filled in. */}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {failed && (
        <p className="language-switch__error" role="alert">
          {shellText('language.failed')}
        </p>
      )}
    </nav>
  );
}
