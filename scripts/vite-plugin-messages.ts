import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  compileMessagesModule,
  MESSAGE_FILES,
  readMessages,
  type MessageFile,
} from './lib/icuMessages';
import { offeredContentLocales, siteTranslationFile, translatedFiles } from './lib/contentLocales';
import { readFileSync } from 'node:fs';
import { siteContentIn, type SiteContent } from '../src/content/site';
import { siteContentFile } from './lib/registryFiles';

const PREFIX = 'virtual:messages/';
const RESOLVED_PREFIX = '\0virtual:messages/';
/** Default export: the site's locales and a loader of each other one's messages. */
export const SITE_LOCALES_ID = 'virtual:site-locales';
const RESOLVED_SITE_LOCALES_ID = `\0${SITE_LOCALES_ID}`;
/** `virtual:site-text/<locale>`: the site file's content with its words in that locale. */
const SITE_TEXT_PREFIX = 'virtual:site-text/';

/** The areas the browser reads (the gateway reads its own file in Node). */
const browserAreas = (): MessageFile[] => MESSAGE_FILES.filter((area) => area.name !== 'gateway');

/**
 * The site's locales: its own (en-GB), then each other locale every area has a complete
 * translation of. `npm run site:check`, which the build runs first, refuses an incomplete one;
 * the dev server leaves it out, so a translator's file in progress breaks nothing.
 */
function siteLocalesModule(root: string): string {
  const areas = browserAreas();
  const others = offeredContentLocales(root);
  const loaders = others.map((locale) => {
    const imports = areas.map((area) => `import('${PREFIX}${area.name}/${locale}')`);
    const names = areas.map((area) => JSON.stringify(area.name));
    return `${JSON.stringify(locale)}: () => Promise.all([import('${SITE_TEXT_PREFIX}${locale}'), ${imports.join(', ')}]).then(([site, ...modules]) => ({ site: site.default, messages: Object.fromEntries([${names.join(', ')}].map((name, i) => [name, modules[i].default])) }))`;
  });
  const locales = [MESSAGE_FILES[0].locale, ...others];
  // Each language named in itself, from its own shell file ("Cymraeg"): the switch shows the
  // name without loading the language, and without the browser's own list (Chromium has no
  // Welsh in it).
  const shell = MESSAGE_FILES.find((area) => area.name === 'shell')!;
  const shellFiles = translatedFiles([shell], root);
  const names = Object.fromEntries(
    locales.map((locale) => {
      const file =
        locale === shell.locale
          ? shell.file
          : shellFiles.find((each) => each.locale === locale)!.file;
      return [locale, readMessages(resolve(root, file))['language.name']];
    }),
  );
  return [
    `export default {`,
    `  locales: ${JSON.stringify(locales)},`,
    `  names: ${JSON.stringify(names)},`,
    `  load: { ${loaders.join(',\n    ')} },`,
    `};`,
  ].join('\n');
}

/**
 * `virtual:messages/<name>`: the content file of that name's messages compiled to functions
 * (see scripts/lib/icuMessages.ts), rebuilt when the file is edited;
 * `virtual:messages/<name>/<locale>` the same area's translation into another locale (a chunk
 * of its own, loaded only when a claimant reads that locale); and `virtual:site-locales`, the
 * locales the site is complete in with a loader of each one's messages.
 */
export function messagesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'messages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === SITE_LOCALES_ID) return RESOLVED_SITE_LOCALES_ID;
      if (id.startsWith(SITE_TEXT_PREFIX)) return `\0${id}`;
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === RESOLVED_SITE_LOCALES_ID) {
        for (const each of translatedFiles(browserAreas(), root))
          this.addWatchFile(resolve(root, each.file));
        for (const locale of new Set(
          translatedFiles(browserAreas(), root).map((each) => each.locale),
        )) {
          const file = siteTranslationFile(root, locale);
          if (file) this.addWatchFile(file);
        }
        return siteLocalesModule(root);
      }
      if (id.startsWith(`\0${SITE_TEXT_PREFIX}`)) {
        const locale = id.slice(SITE_TEXT_PREFIX.length + 1);
        const file = siteTranslationFile(root, locale);
        if (!file) this.error(`${SITE_TEXT_PREFIX}${locale}: no site.${locale}.json`);
        this.addWatchFile(file);
        // The site file with its words in the locale, made here: the browser loads it whole
        // and needs no code to put texts in place.
        const site = JSON.parse(readFileSync(siteContentFile(root), 'utf8')) as SiteContent;
        const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(siteContentIn(texts, site)))});`;
      }
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const [name, locale] = id.slice(RESOLVED_PREFIX.length).split('/');
      const found = MESSAGE_FILES.find((each) => each.name === name);
      if (!found) {
        this.error(
          `${PREFIX}${name}: no such messages (known: ${MESSAGE_FILES.map((each) => each.name).join(', ')})`,
        );
      }
      if (locale === undefined) {
        this.addWatchFile(resolve(found.file));
        return compileMessagesModule(found.file, found.locale);
      }
      const translated = translatedFiles([found], root).find((each) => each.locale === locale);
      if (!translated) this.error(`${PREFIX}${name}/${locale}: no ${locale} file of ${found.file}`);
      const file = resolve(root, translated.file);
      this.addWatchFile(file);
      return compileMessagesModule(file, locale);
    },
  };
}
