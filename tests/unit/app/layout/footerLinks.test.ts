import { describe, expect, it } from 'vitest';
import { footerLinks } from '../../../../src/app/layout/footerLinks';

describe('footerLinks', () => {
  it('links a production build to the public pages only', () => {
    const links = footerLinks(false);
    expect(links.map((link) => link.to)).toEqual([
      '/start',
      '/contact',
      '/privacy',
      '/cookies',
      '/accessibility',
      '/terms',
    ]);
  });

  it('adds the developer pages in a development build', () => {
    expect(footerLinks(true).map((link) => link.to)).toEqual(
      expect.arrayContaining(['/examples', '/ui-examples', '/test']),
    );
  });
});
