/**
 * The claim stages in other languages: read by id, every text required of a language the
 * file is translated into, and the site offered in a language only where the file is complete.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimStagesTranslationsProblems,
  claimStageTranslationProblems,
  localizeClaimStages,
  stageById,
  type ClaimStages,
} from '../../../src/runtime/lifecycle';
import { claimStagesLocaleProblems } from '../../../scripts/lib/contentLocales';

const stage = (id: string, next: string[]) => ({
  id,
  staffLabel: `${id} (staff)`,
  claimantLabel: `${id} (claimant)`,
  claimantText: `What ${id} means.`,
  next,
});

// Test texts, not Welsh: each marked.
const cy = (id: string) => ({
  [`/stages/${id}/staffLabel`]: `⟨cy⟩ ${id} (staff)`,
  [`/stages/${id}/claimantLabel`]: `⟨cy⟩ ${id} (claimant)`,
  [`/stages/${id}/claimantText`]: `⟨cy⟩ What ${id} means.`,
});

const file = (): ClaimStages => ({
  initial: 'sent',
  withdrawn: 'withdrawn',
  stages: [stage('sent', ['done']), stage('done', []), stage('withdrawn', [])],
  translations: { cy: { ...cy('sent'), ...cy('done'), ...cy('withdrawn') } },
});

describe('the claim stages in another language', () => {
  it('reads every stage’s texts in the language, its moves unchanged', () => {
    const welsh = localizeClaimStages(file(), 'cy');
    expect(stageById('done', welsh)).toEqual({
      id: 'done',
      staffLabel: '⟨cy⟩ done (staff)',
      claimantLabel: '⟨cy⟩ done (claimant)',
      claimantText: '⟨cy⟩ What done means.',
      next: [],
    });
    expect(stageById('sent', welsh)!.next).toEqual(['done']);
    // A language the file has no text in reads the file's own.
    expect(localizeClaimStages(file(), 'fr')).toEqual(file());
  });

  it('finds nothing wrong with a complete translation', () => {
    expect(claimStagesTranslationsProblems(file())).toEqual([]);
  });

  it('names each text missing or extra by its pointer', () => {
    const broken = file();
    delete broken.translations!.cy!['/stages/done/claimantText'];
    broken.translations!.cy!['/stages/gone/claimantLabel'] = 'Wedi mynd';
    expect(
      claimStagesTranslationsProblems(broken).map((p) => `${p.pointer}: ${p.message}`),
    ).toEqual([
      '/translations/cy/~1stages~1done~1claimantText: no cy text ("What done means.")',
      '/translations/cy/~1stages~1gone~1claimantLabel: /stages/gone/claimantLabel is no text of this file: remove it, or correct its stage id',
    ]);
  });

  it('says a language the file is not translated into is missing, for the site offered in it', () => {
    expect(claimStageTranslationProblems(file(), 'en-XA').map((p) => p.pointer)).toEqual([
      '/translations',
    ]);
    const project = mkdtempSync(path.join(tmpdir(), 'stages-'));
    mkdirSync(path.join(project, 'funnels/lifecycle'), { recursive: true });
    const stagesFile = path.join(project, 'funnels/lifecycle/claim-stages.json');
    writeFileSync(stagesFile, JSON.stringify(file()));
    expect(claimStagesLocaleProblems(project, 'cy', stagesFile)).toEqual([]);
    expect(claimStagesLocaleProblems(project, 'en-XA', stagesFile)).toEqual([
      expect.stringMatching(
        /^funnels\/lifecycle\/claim-stages\.json: \/translations: no en-XA text: add "translations"/,
      ),
    ]);
  });
});
