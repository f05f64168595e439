import { describe, expect, it } from 'vitest';
import {
  createRegistry,
  isClaimComplete,
  resolveNextPage,
  resolvePath,
  resolvePreviousPage,
  resolveProgress,
  resolveResumePage,
  resolveStep,
  type Answers,
  type ConditionEvaluator,
  type Funnel,
} from '../../../../src/runtime/funnel';
import {
  formatAndTinySchemas,
  funnelOf,
  projectRegistry,
  registryOf,
  whenAnswer,
} from '../projectFiles';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

/**
 * start ─▶ question ─┬─(choice a)─▶ a-only ─▶ sign
 *   │                ├─(choice b)────────────▶ sign
 *   │                └─(otherwise)─▶ c-page ──▶ sign
 *   └─(name "Nobody")─▶ stop (exit)
 */
const branchy = funnelOf('branchy', [
  {
    pageId: 'start',
    title: 'Start',
    schema: 'name',
    next: [{ when: whenAnswer('start', 'name', 'Nobody'), goto: 'stop' }],
  },
  {
    pageId: 'question',
    title: 'Question',
    schema: 'choice',
    next: [
      { when: whenAnswer('question', 'choice', 'a'), goto: 'a-only' },
      { when: whenAnswer('question', 'choice', 'b'), goto: 'sign' },
    ],
  },
  { pageId: 'c-page', title: 'C', schema: 'name', next: [{ goto: 'sign' }] },
  { pageId: 'a-only', title: 'A', schema: 'name' },
  { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
  { pageId: 'stop', title: 'Stop', schema: 'info', kind: 'exit' },
]);
/** A signature the tiny sign schema accepts. */
const signature = { method: 'typed', name: 'Sam' };
const registry = registryOf(branchy);
const evaluate = registry.evaluateCondition;
const isPageValid = registry.isPageValid;

const ids = (pages: ReadonlyArray<{ pageId: string }> | undefined) =>
  pages?.map((page) => page.pageId);
const withChoice = (choice: string, extra: Answers = {}): Answers => ({
  start: { name: 'Sam' },
  question: { choice },
  ...extra,
});

describe('resolvePath', () => {
  it('follows the default order before any answers are given', () => {
    expect(ids(resolvePath(branchy, {}, evaluate))).toEqual([
      'start',
      'question',
      'c-page',
      'sign',
    ]);
  });

  it('takes the first rule whose condition matches', () => {
    expect(ids(resolvePath(branchy, withChoice('a'), evaluate))).toEqual([
      'start',
      'question',
      'a-only',
      'sign',
    ]);
    expect(ids(resolvePath(branchy, withChoice('c'), evaluate))).toEqual([
      'start',
      'question',
      'c-page',
      'sign',
    ]);
  });

  it('skips pages a branch jumps over', () => {
    expect(ids(resolvePath(branchy, withChoice('b'), evaluate))).toEqual([
      'start',
      'question',
      'sign',
    ]);
  });

  it('ends at an exit page', () => {
    expect(ids(resolvePath(branchy, { start: { name: 'Nobody' } }, evaluate))).toEqual([
      'start',
      'stop',
    ]);
  });

  it('ignores answers left on pages the claimant branched away from', () => {
    // Answered "a" (so a-only has answers), then went back and chose "b".
    const answers = withChoice('b', { 'a-only': { name: 'stale' }, 'c-page': { name: 'stale' } });
    expect(ids(resolvePath(branchy, answers, evaluate))).toEqual(['start', 'question', 'sign']);
  });

  it('evaluates a condition only against pages already on the path', () => {
    const peeksAhead = funnelOf('peeks-ahead', [
      {
        pageId: 'one',
        title: 'One',
        schema: 'name',
        next: [{ when: whenAnswer('two', 'name', 'x'), goto: 'sign' }],
      },
      { pageId: 'two', title: 'Two', schema: 'name' },
      { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    ]);
    const peeking = registryOf(peeksAhead);
    const answers = { one: { name: 'y' }, two: { name: 'x' } };
    expect(ids(resolvePath(peeksAhead, answers, peeking.evaluateCondition))).toEqual([
      'one',
      'two',
      'sign',
    ]);
  });

  it('ends at the last page when no page ends the claim earlier', () => {
    const plain = funnelOf('plain', [
      { pageId: 'one', title: 'One', schema: 'name' },
      { pageId: 'two', title: 'Two', schema: 'name' },
    ]);
    expect(ids(resolvePath(plain, {}, () => false))).toEqual(['one', 'two']);
  });

  it('asks the evaluator about each condition by its deterministic key', () => {
    const asked: string[] = [];
    const spy: ConditionEvaluator = (condition) => {
      asked.push(condition.key);
      return false;
    };
    resolvePath(branchy, {}, spy);
    expect(asked).toEqual([
      'branchy@1#/pages/0/next/0/when',
      'branchy@1#/pages/1/next/0/when',
      'branchy@1#/pages/1/next/1/when',
    ]);
  });

  it('throws rather than spin when given a funnel whose rules loop', () => {
    const looping: Funnel = funnelOf('looping', [
      { pageId: 'one', title: 'One', schema: 'name' },
      { pageId: 'two', title: 'Two', schema: 'name', next: [{ goto: 'one' }] },
    ]);
    expect(() => resolvePath(looping, {}, () => true)).toThrow(/loops back to page "one"/);
  });
});

describe('resolveStep', () => {
  it('throws on a goto that names no page', () => {
    const broken = funnelOf('broken', [
      { pageId: 'one', title: 'One', schema: 'name', next: [{ goto: 'nowhere' }] },
    ]);
    expect(() => resolveStep(broken, 0, {}, () => true)).toThrow(/unknown page "nowhere"/);
  });

  it('has no next page after a review-and-sign page, even if pages follow it', () => {
    expect(resolveStep(branchy, 4, {}, evaluate)).toBeUndefined();
  });
});

describe('resolveNextPage', () => {
  it('gives the following page on the path', () => {
    expect(resolveNextPage(branchy, 'start', {}, evaluate)?.pageId).toBe('question');
  });

  it('follows a branch', () => {
    expect(resolveNextPage(branchy, 'question', withChoice('b'), evaluate)?.pageId).toBe('sign');
    expect(resolveNextPage(branchy, 'question', withChoice('a'), evaluate)?.pageId).toBe('a-only');
  });

  it('has no next page at the end of the path', () => {
    expect(resolveNextPage(branchy, 'sign', withChoice('b'), evaluate)).toBeUndefined();
    expect(
      resolveNextPage(branchy, 'stop', { start: { name: 'Nobody' } }, evaluate),
    ).toBeUndefined();
  });

  it('follows the rules of a page opened off the path', () => {
    expect(resolveNextPage(branchy, 'c-page', withChoice('a'), evaluate)?.pageId).toBe('sign');
  });

  it('gives nothing for an unknown page', () => {
    expect(resolveNextPage(branchy, 'nope', {}, evaluate)).toBeUndefined();
  });
});

describe('resolvePreviousPage', () => {
  it('goes back to the page that branched, not to a skipped page', () => {
    expect(resolvePreviousPage(branchy, 'sign', withChoice('b'), evaluate)?.pageId).toBe(
      'question',
    );
    expect(resolvePreviousPage(branchy, 'sign', withChoice('a'), evaluate)?.pageId).toBe('a-only');
    expect(
      resolvePreviousPage(branchy, 'stop', { start: { name: 'Nobody' } }, evaluate)?.pageId,
    ).toBe('start');
  });

  it('has no previous page on the first page', () => {
    expect(resolvePreviousPage(branchy, 'start', {}, evaluate)).toBeUndefined();
  });

  it('goes back from a page off the path to the path page before it', () => {
    expect(resolvePreviousPage(branchy, 'c-page', withChoice('a'), evaluate)?.pageId).toBe(
      'question',
    );
  });

  it('gives nothing for an unknown page', () => {
    expect(resolvePreviousPage(branchy, 'nope', {}, evaluate)).toBeUndefined();
  });
});

describe('resolveProgress', () => {
  it('counts steps on the current path', () => {
    expect(resolveProgress(branchy, 'question', {}, evaluate)).toEqual({ step: 2, total: 4 });
    expect(resolveProgress(branchy, 'sign', withChoice('b'), evaluate)).toEqual({
      step: 3,
      total: 3,
    });
  });

  it('gives nothing for a page off the path', () => {
    expect(resolveProgress(branchy, 'a-only', withChoice('b'), evaluate)).toBeUndefined();
  });
});

describe('resolveResumePage', () => {
  it('starts a new claim at the first page', () => {
    expect(resolveResumePage(branchy, {}, evaluate, isPageValid).pageId).toBe('start');
  });

  it('resumes at the first page with missing answers', () => {
    expect(
      resolveResumePage(branchy, { start: { name: 'Sam' } }, evaluate, isPageValid).pageId,
    ).toBe('question');
    expect(resolveResumePage(branchy, withChoice('a'), evaluate, isPageValid).pageId).toBe(
      'a-only',
    );
  });

  it('resumes at the first page with invalid answers', () => {
    const answers = {
      start: { name: '' },
      question: { choice: 'b' },
      sign: { agree: true, signature },
    };
    expect(resolveResumePage(branchy, answers, evaluate, isPageValid).pageId).toBe('start');
  });

  it('resumes at the last page when everything is answered', () => {
    const answers = withChoice('b', { sign: { agree: true, signature } });
    expect(resolveResumePage(branchy, answers, evaluate, isPageValid).pageId).toBe('sign');
  });
});

describe('isClaimComplete', () => {
  it('is complete when every page on a path to review-and-sign is valid', () => {
    expect(
      isClaimComplete(
        branchy,
        withChoice('b', { sign: { agree: true, signature } }),
        evaluate,
        isPageValid,
      ),
    ).toBe(true);
  });

  it('ignores invalid answers on pages off the path', () => {
    const answers = withChoice('b', { sign: { agree: true, signature }, 'c-page': { name: '' } });
    expect(isClaimComplete(branchy, answers, evaluate, isPageValid)).toBe(true);
  });

  it('is not complete without a signature, or with consent refused', () => {
    expect(isClaimComplete(branchy, withChoice('b'), evaluate, isPageValid)).toBe(false);
    expect(
      isClaimComplete(branchy, withChoice('b', { sign: { agree: true } }), evaluate, isPageValid),
    ).toBe(false);
    expect(
      isClaimComplete(
        branchy,
        withChoice('b', { sign: { agree: false, signature } }),
        evaluate,
        isPageValid,
      ),
    ).toBe(false);
  });

  it('is not complete while a page on the path is unanswered', () => {
    expect(
      isClaimComplete(
        branchy,
        withChoice('a', { sign: { agree: true, signature } }),
        evaluate,
        isPageValid,
      ),
    ).toBe(false);
  });

  it('is never complete on a path that ends at an exit page', () => {
    const answers = { start: { name: 'Nobody' }, stop: {} };
    expect(isClaimComplete(branchy, answers, evaluate, isPageValid)).toBe(false);
  });
});

describe('loading funnels that navigation could not follow', () => {
  const problemsOf = (funnel: Funnel) => {
    const result = createRegistry(
      {
        funnels: { [`funnels/${funnel.funnelId}.json`]: funnel },
        schemas: formatAndTinySchemas(),
      },
      { compileValidator: createAjvCompileValidator(), words },
    );
    return result.ok ? [] : result.problems.map((p) => `${p.pointer}: ${p.message}`);
  };

  it('rejects a cycle', () => {
    const cyclic = funnelOf('cyclic', [
      { pageId: 'one', title: 'One', schema: 'name' },
      {
        pageId: 'two',
        title: 'Two',
        schema: 'choice',
        next: [{ when: whenAnswer('two', 'choice', 'a'), goto: 'one' }],
      },
      { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    ]);
    expect(problemsOf(cyclic)).toEqual(['/pages/1/next/0/goto: loops back: one → two → one']);
  });

  it('rejects a page no route reaches', () => {
    const unreachable = funnelOf('unreachable', [
      { pageId: 'one', title: 'One', schema: 'name', next: [{ goto: 'sign' }] },
      { pageId: 'orphan', title: 'Orphan', schema: 'name' },
      { pageId: 'sign', title: 'Sign', schema: 'sign', kind: 'review-and-sign' },
    ]);
    expect(problemsOf(unreachable)).toEqual([
      '/pages/1: page "orphan" cannot be reached from the first page "one"',
    ]);
  });
});

describe('the built-in vehicle-claim funnel', () => {
  const project = projectRegistry();
  const funnel = project.getFunnel('vehicle-claim')!;
  const [example] = project.getExamples('vehicle-claim');

  it('runs start, address, check, sign', () => {
    expect(ids(resolvePath(funnel, example!.answers, project.evaluateCondition))).toEqual([
      'start',
      'address',
      'check',
      'sign',
    ]);
    expect(
      isClaimComplete(funnel, example!.answers, project.evaluateCondition, project.isPageValid),
    ).toBe(true);
  });

  it('sends a claimant who used no finance to the not-eligible page', () => {
    const answers = {
      ...example!.answers,
      check: { ...example!.answers.check, financeType: 'none' },
    };
    expect(ids(resolvePath(funnel, answers, project.evaluateCondition))).toEqual([
      'start',
      'address',
      'check',
      'not-eligible',
    ]);
    expect(
      resolvePreviousPage(funnel, 'not-eligible', answers, project.evaluateCondition)?.pageId,
    ).toBe('check');
    expect(isClaimComplete(funnel, answers, project.evaluateCondition, project.isPageValid)).toBe(
      false,
    );
  });
});
