/** `npm run funnels:new <id>`: a skeleton a product owner starts from, passing funnels:check. */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFunnels, formatProblem } from '../../../scripts/funnels-check';
import { writeSkeleton } from '../../../scripts/funnels-new';
import { registryDirectories } from '../../../scripts/lib/registryFiles';

let project: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'funnels-new-'));
  await cp('funnels', path.join(project, 'funnels'), { recursive: true });
  await cp('schemas', path.join(project, 'schemas'), { recursive: true });
});
afterEach(() => rm(project, { recursive: true, force: true }));

const check = () => checkFunnels(registryDirectories(project));

describe('funnels:new', { timeout: 120_000 }, () => {
  it('writes a two-page funnel, its schema and an example claim that pass funnels:check', async () => {
    const before = (await check()).counts.funnels;
    const written = await writeSkeleton('skeleton-check', project);
    expect(written).toEqual([
      'schemas/skeleton-check-details.schema.json',
      'funnels/skeleton-check.json',
      'funnels/examples/skeleton-check.json',
    ]);
    const { problems, counts, renderers } = await check();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(counts.funnels).toBe(before + 1);
    expect(renderers).toContain('skeleton-check: slim form: details; RJSF: none');
    const funnel = JSON.parse(
      await readFile(path.join(project, 'funnels/skeleton-check.json'), 'utf8'),
    );
    expect(funnel.pages.map((page: { kind?: string }) => page.kind ?? 'form')).toEqual([
      'form',
      'review-and-sign',
    ]);
  });

  it('gives the funnel its own stages to start from, which funnels:check takes', async () => {
    await writeSkeleton('skeleton-stages', project);
    const funnel = JSON.parse(
      await readFile(path.join(project, 'funnels/skeleton-stages.json'), 'utf8'),
    );
    expect(funnel.lifecycle).toMatchObject({ initial: 'received', withdrawn: 'withdrawn' });
    expect(funnel.lifecycle.stages.map((stage: { id: string }) => stage.id)).toEqual([
      'received',
      'in-review',
      'successful',
      'not-successful',
      'withdrawn',
    ]);
    expect((await check()).problems.map(formatProblem)).toEqual([]);
  });

  it('refuses an id that is not lower-case words joined by hyphens', async () => {
    await expect(writeSkeleton('Parking Appeal', project)).rejects.toThrow(
      '"Parking Appeal" is not a funnelId: use lower-case words joined by hyphens',
    );
  });

  it('never overwrites a funnel that exists', async () => {
    const before = await readFile(path.join(project, 'funnels/vehicle-claim.json'), 'utf8');
    await expect(writeSkeleton('vehicle-claim', project)).rejects.toThrow(
      'funnels/vehicle-claim.json already exists',
    );
    expect(await readFile(path.join(project, 'funnels/vehicle-claim.json'), 'utf8')).toBe(before);
  });
});
