import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledMessages } from '../../../../src/app/ui/messageReader';
import { site, siteContentIn, type SiteContent } from '../../../../src/content/site';

// The site as a build with a complete Welsh translation of it would have it.
const loadWelsh =
  vi.fn<() => Promise<{ site: SiteContent; messages: Record<string, CompiledMessages> }>>();
vi.mock('virtual:site-locales', () => ({
  default: {
    locales: ['en-GB', 'cy'],
    names: { 'en-GB': 'English', cy: 'Cymraeg' },
    load: { cy: () => loadWelsh() },
  },
}));

const siteLocale = await import('../../../../src/app/locale/siteLocale');
const { messageReader } = await import('../../../../src/app/ui/messageReader');
const formats = await import('../../../../src/app/locale/localeFormats');
const { siteContent } = await import('../../../../src/app/locale/siteContent');

const english: CompiledMessages = { 'layout.signIn': () => 'Sign in' };
const say = messageReader<'layout.signIn'>(english, 'shell');

/** The app's files answering: as a probe of the server says it when online. */
const answering = async () => true;

describe('the site’s locale', () => {
  beforeEach(async () => {
    loadWelsh.mockReset();
    loadWelsh.mockResolvedValue({
      site: siteContentIn({ '/identity/name': 'Hawliadau Cerbydau' }),
      messages: { shell: { 'layout.signIn': () => 'Mewngofnodi' } },
    });
    await siteLocale.switchSiteLocale('en-GB', answering);
  });

  it('says every area’s words in the chosen locale once its messages are loaded', async () => {
    const heard = vi.fn();
    const stop = siteLocale.subscribeToLocale(heard);
    expect(say('layout.signIn')).toBe('Sign in');
    await siteLocale.switchSiteLocale('cy', answering);
    expect(siteLocale.activeLocale()).toBe('cy');
    expect(say('layout.signIn')).toBe('Mewngofnodi');
    expect(siteContent().identity.name).toBe('Hawliadau Cerbydau');
    expect(siteContent().home.title).toBe(site.home.title);
    expect(heard).toHaveBeenCalledTimes(1);
    await siteLocale.switchSiteLocale('en-GB', answering);
    expect(say('layout.signIn')).toBe('Sign in');
    expect(siteContent()).toBe(site);
    stop();
  });

  /** The module as a page that has not switched yet has it. */
  const freshSiteLocale = async () => {
    vi.resetModules();
    vi.doMock('virtual:site-locales', () => ({
      default: {
        locales: ['en-GB', 'cy'],
        names: { 'en-GB': 'English', cy: 'Cymraeg' },
        load: { cy: () => loadWelsh() },
      },
    }));
    return import('../../../../src/app/locale/siteLocale');
  };

  it('names each language in itself, from its own words', () => {
    expect(siteLocale.languageNameOf('cy')).toBe('Cymraeg');
    expect(siteLocale.languageNameOf('en-GB')).toBe('English');
  });

  it('loads a locale’s messages once, however often it is chosen', async () => {
    const fresh = await freshSiteLocale();
    await fresh.switchSiteLocale('cy', answering);
    await fresh.switchSiteLocale('en-GB', answering);
    await fresh.switchSiteLocale('cy', answering);
    expect(loadWelsh).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the messages fail to load, or the site lacks the locale', async () => {
    const fresh = await freshSiteLocale();
    loadWelsh.mockRejectedValue(new Error('offline'));
    const heard = vi.fn();
    fresh.subscribeToLocale(heard);
    await expect(fresh.switchSiteLocale('cy', answering)).rejects.toThrow('offline');
    expect(fresh.activeLocale()).toBe('en-GB');
    await expect(fresh.switchSiteLocale('fr', answering)).rejects.toThrow('not offered in fr');
    expect(heard).not.toHaveBeenCalled();
  });

  it('imports nothing while the app’s files do not answer, so a later try can load them', async () => {
    const fresh = await freshSiteLocale();
    await expect(fresh.switchSiteLocale('cy', async () => false)).rejects.toThrow(
      'cannot be loaded now',
    );
    expect(loadWelsh).not.toHaveBeenCalled();
    expect(fresh.activeLocale()).toBe('en-GB');
    await fresh.switchSiteLocale('cy', answering);
    expect(fresh.activeLocale()).toBe('cy');
  });

  it('writes dates, numbers and language names in the page’s locale', async () => {
    const date = formats.dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });
    const percent = formats.numberFormat({ style: 'percent' });
    const languages = formats.languageNames();
    const day = new Date(Date.UTC(2026, 10, 26, 12));
    expect(date.format(day)).toBe('26 November 2026');
    expect(languages.format('cy')).toBe('Welsh');
    await siteLocale.switchSiteLocale('cy', answering);
    expect(date.format(day)).toBe('26 Tachwedd 2026');
    expect(languages.format('cy')).toBe('Cymraeg');
    expect(percent.format(0.5)).toBe(new Intl.NumberFormat('cy', { style: 'percent' }).format(0.5));
  });
});
