import { readFileSync } from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import { readMessages } from './lib/icuMessages';
import type { Plugin } from 'vite';
import { LAYOUT_IDENTITY_FIELDS } from '../src/content/site';
import {
  claimStagesFile,
  isClaimStagesImport,
  isSiteContentImport,
  siteContentFile,
} from './lib/registryFiles';

/**
 * The home page's document title, as the app words every page's (the errors file's
 * `documentTitle.page`, "<page> – <service>"), for the HTML drawn before the app runs.
 */
function homeDocumentTitle(
  projectRoot: string,
  site: { identity: { titleSuffix: string }; home: { title: string } },
): string {
  const messages = readMessages(path.join(projectRoot, 'src/content/messages/errors.en-GB.json'));
  return new MessageFormat('en-GB').compile(messages['documentTitle.page']!)({
    page: site.home.title,
    service: site.identity.titleSuffix,
  });
}

const SITE_IDENTITY = 'virtual:site-identity';
const RESOLVED_SITE_IDENTITY = `\0${SITE_IDENTITY}`;

/**
 * `virtual:site-identity`: the site file's `identity` alone (of the registry copy's site.json
 * when it has one, as src/content/site.ts reads). The layout around every page draws no more
 * of the file, so a page's first download need not carry the public pages' words.
 */
export function siteIdentityPlugin(projectRoot: string): Plugin {
  return {
    name: 'vehicle-claims:site-identity',
    resolveId: (source) => (source === SITE_IDENTITY ? RESOLVED_SITE_IDENTITY : null),
    load(id) {
      if (id !== RESOLVED_SITE_IDENTITY) return null;
      const file = siteContentFile(projectRoot);
      this.addWatchFile(file);
      const site = JSON.parse(readFileSync(file, 'utf8')) as {
        identity: Record<string, unknown>;
      };
      const drawn = Object.fromEntries(
        LAYOUT_IDENTITY_FIELDS.map((field) => [field, site.identity[field]]),
      );
      return `export default ${JSON.stringify(drawn)};`;
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The deployment's identity in the app: src/content/site.ts reads the registry copy's
 * site.json when it has one (siteContentFile), the runtime its claim stages file
 * (claimStagesFile), and index.html's `%SITE_TITLE%`,
 * `%SITE_DESCRIPTION%` and `%SITE_NOSCRIPT%` are filled from the same file, so no page,
 * not even one drawn before JavaScript runs, names another deployment.
 */
export function siteContentPlugin(projectRoot: string): Plugin {
  return {
    name: 'vehicle-claims:site-content',
    enforce: 'pre',
    resolveId: (source, importer) =>
      isSiteContentImport(source, importer)
        ? siteContentFile(projectRoot)
        : isClaimStagesImport(source, importer)
          ? claimStagesFile(projectRoot)
          : null,
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const site = JSON.parse(readFileSync(siteContentFile(projectRoot), 'utf8')) as {
          identity: { titleSuffix: string; description: string; noscript: string };
          home: { title: string };
        };
        return html
          .replace('%SITE_TITLE%', escapeHtml(homeDocumentTitle(projectRoot, site)))
          .replace('%SITE_DESCRIPTION%', escapeHtml(site.identity.description))
          .replace('%SITE_NOSCRIPT%', escapeHtml(site.identity.noscript));
      },
    },
  };
}
