/**
 * A funnel's own claim stages (`lifecycle`): which stages a funnel's claims move through,
 * the same checks as the shared file's with pointers into the funnel file, their words in
 * each language the funnel offers, and that they are not part of a version.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  claimStages,
  claimStagesIn,
  isAllowedMove,
  isWithdrawable,
  lifecycleIn,
  lifecycleOf,
  stageById,
  type ClaimStages,
} from '../../../src/runtime/lifecycle';
import { createRegistry, type Funnel } from '../../../src/runtime/funnel';
import { checkFunnelLifecycle } from '../../../src/runtime/funnel/checks/lifecycleChecks';
import { versionHash } from '../../../src/runtime/versions';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import { formatAndTinySchemas, funnelOf } from './projectFiles';

const stage = (id: string, next: string[], staffLabel = `${id} (staff)`) => ({
  id,
  staffLabel,
  claimantLabel: `${id} (claimant)`,
  claimantText: `What ${id} means.`,
  next,
});

/** A flight funnel's stages: "in-review" is an id the shared file has too, named otherwise. */
const flightStages = (): ClaimStages => ({
  initial: 'sent',
  withdrawn: 'withdrawn',
  stages: [
    stage('sent', ['in-review']),
    stage('in-review', ['with-airline'], 'Checking flight records'),
    stage('with-airline', ['paid', 'rejected']),
    stage('paid', []),
    stage('rejected', []),
    stage('withdrawn', []),
  ],
});

// Test texts, not Welsh: each marked.
const cyTexts = (stages: ClaimStages) =>
  Object.fromEntries(
    stages.stages.flatMap((each) =>
      (['staffLabel', 'claimantLabel', 'claimantText'] as const).map((text) => [
        `/stages/${each.id}/${text}`,
        `⟨cy⟩ ${each[text]}`,
      ]),
    ),
  );

const pages: Funnel['pages'] = [
  { pageId: 'name', title: 'Name', schema: 'name' },
  { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
];

const flightFunnel = (lifecycle: ClaimStages = flightStages()): Funnel => ({
  ...funnelOf('flight', pages),
  lifecycle,
});

const words = validationWords();

function problemLines(...funnels: Funnel[]): string[] {
  const result = createRegistry(
    {
      funnels: Object.fromEntries(funnels.map((f) => [`funnels/${f.funnelId}.json`, f])),
      schemas: formatAndTinySchemas(),
    },
    { compileValidator: createAjvCompileValidator(), words },
  );
  return result.ok ? [] : result.problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`);
}

describe("a funnel's lifecycle", () => {
  it('is its own when it declares one, and the shared file when it does not', () => {
    const own = flightStages();
    expect(lifecycleOf({ lifecycle: own })).toBe(own);
    expect(lifecycleOf(funnelOf('plain', pages))).toBe(claimStages);
    // A funnel this build does not hold: the shared file, so its claims still read.
    expect(lifecycleOf(undefined)).toBe(claimStages);
  });

  it("allows the funnel's moves only: a move the shared file allows is not one of them", () => {
    const own = lifecycleOf(flightFunnel());
    expect(isAllowedMove('in-review', 'with-airline', own)).toBe(true);
    expect(isAllowedMove('in-review', 'rejected', own)).toBe(false);
    expect(isAllowedMove('in-review', 'rejected', claimStages)).toBe(true);
    expect(isAllowedMove('in-review', 'with-lender', own)).toBe(false);
    // A stage the funnel does not list moves nowhere, and cannot be withdrawn from.
    expect(isAllowedMove('offer-made', 'rejected', own)).toBe(false);
    expect(isWithdrawable('offer-made', own)).toBe(false);
    expect(isWithdrawable('with-airline', own)).toBe(true);
  });

  it("reads each stage in the funnel's words in a language, and the shared file's as before", () => {
    const own = { ...flightStages(), translations: { cy: cyTexts(flightStages()) } };
    const welsh = lifecycleIn(own, 'cy');
    expect(stageById('in-review', welsh)!.staffLabel).toBe('⟨cy⟩ Checking flight records');
    expect(stageById('in-review', welsh)!.next).toEqual(['with-airline']);
    // Made once per lifecycle and locale; a locale it lacks reads as written.
    expect(lifecycleIn(own, 'cy')).toBe(welsh);
    expect(stageById('in-review', lifecycleIn(own, 'fr'))!.staffLabel).toBe(
      'Checking flight records',
    );
    expect(lifecycleIn(claimStages, 'en-GB')).toBe(claimStagesIn('en-GB'));
  });

  it('is not part of a version: adding or changing it keeps the version hash', () => {
    const hash = (funnel: Funnel) =>
      versionHash(
        { funnel, schemas: {} },
        (text) => `sha256:${createHash('sha256').update(text).digest('hex')}`,
      );
    const plain = funnelOf('flight', pages);
    expect(hash(flightFunnel())).toBe(hash(plain));
    expect(hash({ ...plain, title: 'Another title' })).not.toBe(hash(plain));
  });
});

describe("checking a funnel's lifecycle", () => {
  it('passes a good one', () => {
    expect(checkFunnelLifecycle(flightFunnel())).toEqual([]);
    expect(problemLines(flightFunnel(), funnelOf('plain', pages))).toEqual([]);
  });

  it('names each problem by the JSON pointer in the funnel file', () => {
    const broken = flightStages();
    broken.stages[2]!.next = ['offer', 'paid'];
    broken.stages[3]!.id = 'sent';
    broken.stages[5]!.next = ['rejected'];
    broken.initial = 'start';
    expect(problemLines(flightFunnel(broken))).toEqual([
      'funnels/flight.json /lifecycle/stages/3/id: "sent" is already a stage',
      'funnels/flight.json /lifecycle/initial: "start" is no stage (stages: sent, in-review, with-airline, rejected, withdrawn)',
      'funnels/flight.json /lifecycle/stages/2/next/0: "offer" is no stage (stages: sent, in-review, with-airline, rejected, withdrawn)',
      // The stage it named is now called "sent".
      'funnels/flight.json /lifecycle/stages/2/next/1: "paid" is no stage (stages: sent, in-review, with-airline, rejected, withdrawn)',
      'funnels/flight.json /lifecycle/stages/5/next: "withdrawn" is where a claimant\'s withdrawal ends a claim: it moves nowhere',
    ]);
  });

  it('finds a stage no move reaches', () => {
    const unreachable = flightStages();
    unreachable.stages[1]!.next = [];
    expect(problemLines(flightFunnel(unreachable))).toEqual([
      'funnels/flight.json /lifecycle/stages/2: no move leads to "with-airline": add it to another stage\'s next',
      'funnels/flight.json /lifecycle/stages/3: no move leads to "paid": add it to another stage\'s next',
      'funnels/flight.json /lifecycle/stages/4: no move leads to "rejected": add it to another stage\'s next',
    ]);
  });

  it('refuses the format: a stage without its texts, at its pointer', () => {
    const lifecycle = flightStages() as unknown as { stages: Array<Record<string, unknown>> };
    delete lifecycle.stages[1]!.claimantText;
    expect(problemLines(flightFunnel(lifecycle as unknown as ClaimStages))).toEqual([
      'funnels/flight.json /lifecycle/stages/1/claimantText: is missing: add a text, like "We have asked the airline to pay."',
    ]);
  });

  it('requires its texts in every language the funnel offers, and in no other', () => {
    const offersWelsh = (lifecycle: ClaimStages): Funnel => ({
      ...flightFunnel(lifecycle),
      translations: { cy: { '/title': '⟨cy⟩ Funnel flight' } },
    });
    const complete = { ...flightStages(), translations: { cy: cyTexts(flightStages()) } };
    expect(checkFunnelLifecycle(offersWelsh(complete))).toEqual([]);

    expect(checkFunnelLifecycle(offersWelsh(flightStages()))).toEqual([
      {
        pointer: '/lifecycle/translations',
        message: expect.stringMatching(/^no cy text: add "translations": \{ "cy": /),
        locale: 'cy',
      },
    ]);

    const { '/stages/paid/claimantText': _missing, ...partial } = cyTexts(flightStages());
    expect(
      checkFunnelLifecycle(
        offersWelsh({
          ...flightStages(),
          translations: { cy: { ...partial, '/stages/x/staffLabel': 'x' } },
        }),
      ).map((p) => `${p.pointer}: ${p.message}`),
    ).toEqual([
      '/lifecycle/translations/cy/~1stages~1paid~1claimantText: no cy text ("What paid means.")',
      '/lifecycle/translations/cy/~1stages~1x~1staffLabel: /stages/x/staffLabel is no text of this file: remove it, or correct its stage id',
    ]);

    // Welsh stages for a funnel not offered in Welsh.
    expect(checkFunnelLifecycle(flightFunnel(complete)).map((p) => p.pointer)).toEqual([
      '/lifecycle/translations/cy',
    ]);
  });

  it('an incomplete translation costs the funnel that language only', () => {
    const funnel: Funnel = {
      ...flightFunnel(),
      translations: { cy: { '/title': '⟨cy⟩ Funnel flight' } },
    };
    const result = createRegistry(
      { funnels: { 'funnels/flight.json': funnel }, schemas: formatAndTinySchemas() },
      { compileValidator: createAjvCompileValidator(), words },
    );
    if (result.ok) throw new Error('a Welsh funnel without Welsh stages passed');
    // (The tiny page schemas are not in Welsh either: those cost Welsh too.)
    expect(result.problems.map((p) => p.pointer)).toContain('/lifecycle/translations');
    expect(result.problems.every((p) => p.pointer.includes('/translations'))).toBe(true);
    // Served (where broken funnels are) without Welsh.
    expect(result.registry?.getFunnel('flight')?.translations?.cy).toBeUndefined();
  });
});
