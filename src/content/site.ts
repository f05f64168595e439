import siteJson from './site.json';
import { pointerOf, withTexts } from '../runtime/funnel';

/**
 * The site's own words and the firm's details (src/content/site.json, checked against
 * site.schema.json by the build and by npm test), read by the public pages and by the
 * gateway's retention job, so a business edits JSON, not code.
 * (A JSON import's types are widened, so this mirrors the schema rather than derive from it.)
 */
export interface SiteContent {
  identity: {
    name: string;
    titleSuffix: string;
    description: string;
    footerBlurb: string;
    referencePrefix: string;
    emailSignOff: string;
    noscript: string;
  };
  home: {
    title: string;
    intro: string[];
    entries: Array<{
      funnelId: string;
      heading: string;
      text: string;
      needs?: string[];
      button: string;
    }>;
  };
  landing?: {
    title: string;
    lead: string;
    steps: string[];
    text: string;
    button: string;
    funnelId: string;
  };
  firm: {
    name: string | null;
    registeredAddress: string | null;
    companyNumber: string | null;
    regulator: string | null;
    regulatorReference: string | null;
    contactEmail: string | null;
  };
  retention: { untouchedDraftDays: number; sentClaimYears: number };
  contact: {
    title: string;
    intro: string;
    channels: Array<{
      kind: 'email' | 'phone' | 'post';
      label: string;
      value: string;
      hours?: string;
    }>;
    referenceHelp: string;
    complaints: string;
  };
  pages: Record<SitePageId, SitePage>;
}

/**
 * The identity fields the layout around every page draws: all that every page's first
 * download carries of the site file (`virtual:site-identity`); the rest of it (the meta
 * description, the emails' sign-off) is used by the build and the gateway.
 */
export const LAYOUT_IDENTITY_FIELDS = ['name', 'titleSuffix', 'footerBlurb'] as const;
export type LayoutIdentity = Pick<SiteContent['identity'], (typeof LAYOUT_IDENTITY_FIELDS)[number]>;

export type SitePageId = 'privacy' | 'accessibility' | 'terms';

export interface SitePage {
  title: string;
  summary: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

// JSON imports are typed from their literal content; site.json is checked against SiteContent's schema by siteChecks and the content tests.
export const site = siteJson as SiteContent;

/**
 * Values of site.json that are not words a reader reads, so not translated: the firm's legal
 * details, the retention periods, funnel ids, the reference prefix, how a contact channel is
 * reached (its kind and its address or number).
 */
const NOT_TEXT_KEYS = new Set(['$schema', 'funnelId', 'referencePrefix', 'kind', 'value']);
const NOT_TEXT_SECTIONS = new Set(['firm', 'retention']);

/**
 * Every text of the site file by JSON pointer (`/home/title`, `/home/entries/0/heading`): what
 * a translation of the site's words (`site.<locale>.json`, one text per pointer) must give.
 */
export function siteTexts(content: SiteContent = site): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (value: unknown, at: string, key: string) => {
    if (typeof value === 'string') {
      if (!NOT_TEXT_KEYS.has(key)) texts.set(at, value);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${at}${pointerOf(i)}`, key));
    } else if (value !== null && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        if (at === '' && NOT_TEXT_SECTIONS.has(name)) continue;
        visit(inner, `${at}${pointerOf(name)}`, name);
      }
    }
  };
  visit(content, '', '');
  return texts;
}

/** The site's content with its words in another language: `texts` by pointer, as siteTexts. */
export function siteContentIn(
  texts: Readonly<Record<string, string>>,
  content: SiteContent = site,
): SiteContent {
  return withTexts(content, new Map(Object.entries(texts)));
}

/** What a page says where one of the firm's details has not been filled in yet. */
export const NOT_PUBLISHED = '[not published yet]';

/**
 * Page text with `{firm.name}`, `{retention.sentClaimYears}`, `{identity.referencePrefix}`...
 * replaced from the site file.
 */
export function fillSiteText(text: string, content: SiteContent = site): string {
  return text.replace(
    /\{(firm|retention|identity)\.(\w+)\}/g,
    (_match, group: string, key: string) => {
      const value =
        // The regex above captures only these three group names, and each group is an object of values.
        (content[group as 'firm' | 'retention' | 'identity'] as Record<string, unknown>)[key];
      return value === null || value === undefined ? NOT_PUBLISHED : String(value);
    },
  );
}

/**
 * The id of a public page's section heading ("privacy-who-we-are"): lower-case words joined
 * by hyphens, so `aria-labelledby` can name it (an id with spaces names nothing there).
 */
export function sectionId(pageId: SitePageId, heading: string): string {
  const words = heading
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${pageId}-${words || 'section'}`;
}
