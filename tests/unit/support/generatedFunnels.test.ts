/** The generated funnels pass funnels:check and use every option they are there to show. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFunnels, type CheckSummary } from '../../../scripts/funnels-check';
import {
  CUSTOM_WIDGETS,
  WIDGETS_BY_TYPE,
} from '../../../src/runtime/funnel/checks/widgetCatalogue';
import type { Funnel } from '../../../src/runtime/funnel';
import { GENERATED_PREFIX, writeGeneratedFunnels } from '../../support/generatedFunnels';
import { projectRoot } from '../runtime/projectFiles';
import { registryDirectories } from '../../../scripts/lib/registryFiles';

let dir: string;
let summary: CheckSummary;
let generated: Funnel[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'generated-funnels-'));
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(projectRoot, folder), path.join(dir, folder), { recursive: true });
  }
  await writeGeneratedFunnels(dir);
  summary = await checkFunnels(registryDirectories(dir), dir);
  generated = (summary.registry?.listFunnels() ?? []).filter((funnel) =>
    funnel.funnelId.startsWith(GENERATED_PREFIX),
  );
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeGeneratedFunnels', () => {
  it('writes funnels that pass funnels:check, every version published', () => {
    expect(summary.problems).toEqual([]);
    expect(generated.length).toBeGreaterThan(0);
    expect(summary.unpublished).toEqual([]);
  });

  it('uses rules without `when`, an exit page and a review-and-sign page with no letter', () => {
    const pages = generated.flatMap((funnel) => funnel.pages);
    expect(pages.some((page) => page.next?.some((rule) => rule.when === undefined))).toBe(true);
    expect(pages.some((page) => page.kind === 'exit')).toBe(true);
    expect(pages.some((page) => page.kind === 'review-and-sign' && !page.letterOfAuthority)).toBe(
      true,
    );
  });

  it('uses every widget RJSF and the app can draw', () => {
    const used = new Set(
      generated.flatMap((funnel) =>
        funnel.pages.flatMap((page) =>
          Object.values(page.uiSchema ?? {}).map(
            (ui) => (ui as Record<string, unknown>)['ui:widget'],
          ),
        ),
      ),
    );
    const every = [...Object.values(WIDGETS_BY_TYPE).flat(), ...CUSTOM_WIDGETS];
    expect(every.filter((widget) => !used.has(widget))).toEqual([]);
  });

  it('publishes a version 2 with a changed page schema and a migration', () => {
    const versions = [...summary.published.entries()].find(
      ([funnelId, list]) => funnelId.startsWith(GENERATED_PREFIX) && list.length > 1,
    )?.[1];
    expect(versions).toBeDefined();
    const [first, second] = versions!;
    expect(second!.funnel.migration).toBeDefined();
    const changed = Object.keys(second!.schemas).filter(
      (id) =>
        id in first!.schemas &&
        JSON.stringify(first!.schemas[id]) !== JSON.stringify(second!.schemas[id]),
    );
    expect(changed.length).toBeGreaterThan(0);
  });
});
