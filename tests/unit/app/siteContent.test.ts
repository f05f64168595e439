import { describe, expect, it } from 'vitest';
import content from '../../../src/content/site.json';
import schema from '../../../src/content/site.schema.json';
import { fillSiteText, NOT_PUBLISHED, site, type SiteContent } from '../../../src/content/site';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';

describe('src/content/site.json', () => {
  it('matches its schema, so the public pages render what the business wrote', () => {
    const result = createAjvCompileValidator()('site', schema)(content);
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
