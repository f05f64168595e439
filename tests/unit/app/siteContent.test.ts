import { describe, expect, it } from 'vitest';
import content from '../../../src/content/site.json';
import schema from '../../../src/content/site.schema.json';
import {
  fillSiteText,
  NOT_PUBLISHED,
  sectionId,
  site,
  type SiteContent,
  type SitePageId,
} from '../../../src/content/site';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../src/gateway/infra/validationWords';

const words = validationWords();

describe('src/content/site.json', () => {
  it('matches its schema, so the public pages render what the business wrote', () => {
    const result = createAjvCompileValidator()('site', schema, words)(content);
    expect(result.errors).toEqual([]);
  });

  it('names only firm details and retention periods that exist', () => {
    const texts = Object.values(site.pages).flatMap((page) =>
      page.sections.flatMap((section) => section.paragraphs),
    );
    const placeholders = texts.flatMap((text) => text.match(/\{[^}]*\}/g) ?? []);
    for (const placeholder of placeholders) {
      const [group, key] = placeholder.slice(1, -1).split('.');
      expect(Object.keys(site[group as 'firm' | 'retention'] ?? {}), placeholder).toContain(key);
    }
  });
});

describe('sectionId', () => {
  it('makes an id of lower-case words and hyphens, one per section of a page', () => {
    expect(sectionId('privacy', 'Who we are')).toBe('privacy-who-we-are');
    expect(sectionId('terms', '  Fees & charges (UK)  ')).toBe('terms-fees-charges-uk');
    expect(sectionId('terms', '¿?')).toBe('terms-section');
    for (const [pageId, page] of Object.entries(site.pages)) {
      const ids = page.sections.map((section) => sectionId(pageId as SitePageId, section.heading));
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(new Set(ids).size, pageId).toBe(ids.length);
    }
  });
});

describe('fillSiteText', () => {
  const withFirm: SiteContent = {
    ...site,
    firm: { ...site.firm, name: 'Example Claims Ltd', regulator: null },
    retention: { untouchedDraftDays: 30, sentClaimYears: 6 },
  };

  it('fills the firm details and retention periods', () => {
    expect(
      fillSiteText('{firm.name} keeps drafts {retention.untouchedDraftDays} days', withFirm),
    ).toBe('Example Claims Ltd keeps drafts 30 days');
  });

  it('says a detail is not published rather than invent it', () => {
    expect(fillSiteText('Regulated by {firm.regulator}.', withFirm)).toBe(
      `Regulated by ${NOT_PUBLISHED}.`,
    );
  });
});
