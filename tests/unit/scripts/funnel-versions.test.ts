/**
 * Published versions and migrations through funnels:check and funnels:publish, on a copy of
 * the project with the versioned fixture funnel of the authoring suite (fine-appeal).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFunnels, formatProblem } from '../../../scripts/funnels-check';
import { publishFunnels } from '../../../scripts/funnels-publish';
import { registryDirectories } from '../../../scripts/lib/registryFiles';

const FIXTURE = path.resolve('tests/e2e/authoring/versions');
let project: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'funnel-versions-'));
  await cp('funnels', path.join(project, 'funnels'), { recursive: true });
  await cp('schemas', path.join(project, 'schemas'), { recursive: true });
  // The project's own funnels as deployed (published): a funnel an owner has just made with
  // funnels:new and not yet published is not this test's to count.
  await publishFunnels([project], project);
  await cp(path.join(FIXTURE, 'v1'), project, { recursive: true });
}, 120_000);
afterEach(() => rm(project, { recursive: true, force: true }));

const check = async () => {
  const summary = await checkFunnels(registryDirectories(project), project);
  return { ...summary, lines: summary.problems.map(formatProblem) };
};
const publish = () => publishFunnels([project], project);
const file = (name: string) => path.join(project, name);
async function editJson(name: string, edit: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(await readFile(file(name), 'utf8')) as Record<string, unknown>;
  edit(json);
  await writeFile(file(name), JSON.stringify(json, null, 2));
}

describe('funnels:publish', { timeout: 120_000 }, () => {
  it('writes each unpublished version once, with its bundled schemas, hash and examples', async () => {
    expect((await check()).unpublished).toEqual([{ funnelId: 'fine-appeal', version: 1 }]);
    const { written } = await publish();
    expect(written).toEqual([
      expect.stringMatching(/^funnels\/published\/fine-appeal\/1\.json \(sha256:[0-9a-f]{64}\)$/),
    ]);
    const snapshot = JSON.parse(
      await readFile(file('funnels/published/fine-appeal/1.json'), 'utf8'),
    );
    expect(Object.keys(snapshot.schemas).sort()).toEqual([
      'fine-notice',
      'fine-reason',
      'signature',
    ]);
    expect(snapshot.examples[0].answers.fine).toEqual({ pcnNumber: 'BL12345678' });
    expect((await check()).unpublished).toEqual([]);
    expect((await publish()).written).toEqual([]);
  });
});

describe(
  'funnels:check keeps published versions as they were published',
  { timeout: 120_000 },
  () => {
    beforeEach(async () => {
      await publish();
    });

    it('fails a schema change without a version bump, naming the schema file', async () => {
      await editJson('schemas/fine-reason.schema.json', (schema) => {
        (schema.properties as { reason: { maxLength: number } }).reason.maxLength = 400;
      });
      expect((await check()).lines).toEqual([
        'schemas/fine-reason.schema.json: (root): page schema "fine-reason" (this file or a schema it refers to) differs from version 1 of fine-appeal, which is published (funnels/published/fine-appeal/1.json): make "version" 2 in funnels/fine-appeal.json (and add a "migration" if drafts should move)',
      ]);
    });

    it('fails a funnel change without a version bump, and passes it once bumped', async () => {
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.title = 'Appeal a fine';
      });
      expect((await check()).lines).toEqual([
        'funnels/fine-appeal.json: /version: version 1 is published (funnels/published/fine-appeal/1.json) and this file differs from it: make "version" 2 in funnels/fine-appeal.json (and add a "migration" if drafts should move)',
      ]);
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.version = 2;
      });
      const after = await check();
      expect(after.lines).toEqual([]);
      expect(after.unpublished).toEqual([{ funnelId: 'fine-appeal', version: 2 }]);
    });

    it('fails a snapshot edited by hand, and a version that goes down', async () => {
      await editJson('funnels/published/fine-appeal/1.json', (snapshot) => {
        (snapshot.funnel as { title: string }).title = 'Edited';
      });
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.version = 2;
      });
      await publish(); // refused: nothing written over a broken history
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.version = 1;
      });
      expect((await check()).lines).toEqual([
        'funnels/published/fine-appeal/1.json: /hash: the snapshot no longer matches its hash: a published version never changes (restore it from version control, and publish a change as a new version)',
      ]);
    });

    it('fails a version lower than one published', async () => {
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.version = 2;
        funnel.title = 'Appeal a fine';
      });
      await publish();
      await cp(path.join(FIXTURE, 'v1/funnels/fine-appeal.json'), file('funnels/fine-appeal.json'));
      expect((await check()).lines).toEqual([
        'funnels/fine-appeal.json: /version: version 2 is already published: the version only goes up (make it 3)',
      ]);
    });
  },
);

describe(
  "funnels:check tests each migration on the previous version's examples",
  { timeout: 120_000 },
  () => {
    beforeEach(async () => {
      await publish();
      await cp(path.join(FIXTURE, 'v2'), project, { recursive: true });
    });

    it('passes the fixture migration (a renamed field)', async () => {
      expect((await check()).lines).toEqual([]);
    });

    it('fails a migration whose output does not validate, naming the page and field', async () => {
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.migration = { drafts: 'move' };
      });
      expect((await check()).lines).toEqual([
        'funnels/fine-appeal.json: /migration: example "The signs were hidden" of version 1, migrated, fails page "fine" field /fine/noticeNumber: Enter the fine notice number (fix the migration, or list "fine" in needsInput)',
      ]);
    });

    it('accepts a page the migration says needs input', async () => {
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.migration = {
          drafts: 'move',
          dropFields: ['/fine/pcnNumber'],
          needsInput: ['fine'],
        };
      });
      expect((await check()).lines).toEqual([]);
    });

    it('names a page that neither version has', async () => {
      await editJson('funnels/fine-appeal.json', (funnel) => {
        funnel.migration = {
          drafts: 'move',
          moveFields: [{ from: '/fines/pcnNumber', to: '/fine/noticeNumber' }],
        };
      });
      expect((await check()).lines).toEqual([
        'funnels/fine-appeal.json: /migration/moveFields/0/from: version 1 has no page "fines"',
      ]);
    });
  },
);
