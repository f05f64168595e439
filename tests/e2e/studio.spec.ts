/**
 * The funnel studio draws every funnel in funnels/ as a diagram a screen reader can walk:
 * every page and every move, named from the funnel's own JSON (pageEdges), not a hand list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/sharedPage';
import { expectNoViolations } from './support/axe';
// The module itself, not the room's index: Playwright's loader takes no JSON imports, which
// other modules of the room have.
import { pageEdges } from '../../src/runtime/funnel/pages/funnelGraph';
import type { Funnel } from '../../src/runtime/funnel/types';

const funnelsDir = path.resolve(import.meta.dirname, '../../funnels');
const funnels: Funnel[] = readdirSync(funnelsDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(path.join(funnelsDir, name), 'utf8')) as Funnel);
const funnelIds = funnels.map((funnel) => funnel.funnelId);

/**
 * The moves of a funnel as its JSON says (pageEdges): each SVG group must be named
 * `From <page> to <page>: <words>`, the words written on the diagram too. A rule's words come
 * from its condition (conditionWords, unit-tested); a page's move to the following page says
 * "otherwise" after rules and "always" without.
 */
function expectedMoves(funnel: Funnel) {
  return funnel.pages.flatMap((page, index) =>
    pageEdges(funnel, index).map((edge) => {
      const prefix = `From ${page.title} to ${funnel.pages[edge.to]!.title}: `;
      const isRule = /\/next\/\d+\/goto$/.test(edge.pointer);
      const hasRules = (page.next ?? []).some((next) => next.when !== undefined);
      return { prefix, words: isRule ? undefined : hasRules ? 'otherwise' : 'always' };
    }),
  );
}

test('both built-in funnels are among those drawn', () => {
  expect(funnelIds).toEqual(expect.arrayContaining(['vehicle-claim', 'diesel-emissions']));
});

test('the studio is reached from /examples', async ({ sharedPage: page }) => {
  await page.goto('/examples');
  for (const funnel of funnels) {
    await expect(
      page.getByRole('link', { name: `Open ${funnel.title} in the funnel studio` }),
    ).toHaveAttribute('href', `/examples/studio/${funnel.funnelId}`);
  }
});

for (const funnelId of funnelIds) {
  test(`the studio draws every page and move of ${funnelId}`, async ({ sharedPage: page }) => {
    const funnel = funnels.find((candidate) => candidate.funnelId === funnelId)!;
    await page.goto(`/examples/studio/${funnelId}`);
    const diagram = page.locator('svg[role="group"]');
    await expect(diagram).toHaveAccessibleName(new RegExp(`^${funnel.title}:`));

    const pages = diagram.getByRole('link');
    await expect(pages).toHaveCount(funnel.pages.length);
    for (const funnelPage of funnel.pages) {
      await expect(
        diagram.getByRole('link', { name: `Page: ${funnelPage.title} (${funnelPage.pageId})` }),
      ).toBeVisible();
    }

    // A build holds only published versions: the current file is the newest of them.
    await expect(
      // The list of versions, not the line diff below it (shown once there are two).
      page
        .getByRole('region', { name: 'Versions' })
        .getByRole('list')
        .first()
        .getByRole('listitem')
        .last(),
    ).toHaveText(`Version ${funnel.version}, published (current)`);

    const moves = expectedMoves(funnel);
    const edges = diagram.getByRole('img');
    await expect(edges).toHaveCount(moves.length);
    // In file order (pageEdges' order), each named for its move and showing the same words.
    for (const [index, move] of moves.entries()) {
      const edge = edges.nth(index);
      const written = (await edge.locator('tspan').allTextContents()).join(' ');
      expect(written.length).toBeGreaterThan(0);
      if (move.words) expect(written).toBe(move.words);
      await expect(edge).toHaveAccessibleName(move.prefix + written);
    }
  });
}

test('a page of the diagram opens its preview', async ({ sharedPage: page }) => {
  await page.goto('/examples/studio/vehicle-claim');
  await page.getByRole('link', { name: 'Page: Your address (address)' }).click();
  await expect(page).toHaveURL(/\?page=address#preview$/);
  await expect(page.getByRole('heading', { level: 3, name: /Your address/ })).toBeVisible();
  await expect(page.getByText('Preview of page address in vehicle-claim')).toBeVisible();
});

test('the studio has no accessibility violations, on a desktop and a phone', async ({
  sharedPage: page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/examples/studio/vehicle-claim');
    await expect(page.locator('svg[role="group"]')).toBeVisible();
    await expectNoViolations(page, `/examples/studio/vehicle-claim at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
