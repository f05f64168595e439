import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClaimStagesImport } from '../../../scripts/lib/registryFiles';

const projectRoot = path.resolve(import.meta.dirname, '../../..');

describe('isClaimStagesImport', () => {
  // The build and the gateway bundle send this one import to a registry copy's stages file;
  // a move of the module that makes it must move the match too, or a copy's stages are ignored.
  it('matches the import the runtime makes of the claim stages file, where it makes it', () => {
    const importer = path.join(projectRoot, 'src/runtime/lifecycle/claimStages.ts');
    const source = /from '([^']*claim-stages\.json)'/.exec(readFileSync(importer, 'utf8'))?.[1];
    expect(source).toBeDefined();
    expect(isClaimStagesImport(source!, importer)).toBe(true);
  });

  it('matches no other importer', () => {
    const other = path.join(projectRoot, 'src/runtime/claim/claimStages.ts');
    expect(isClaimStagesImport('../../../funnels/lifecycle/claim-stages.json', other)).toBe(false);
  });
});
