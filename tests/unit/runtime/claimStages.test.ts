import { describe, expect, it } from 'vitest';
import {
  claimStages,
  claimStagesProblems,
  isAllowedMove,
  isWithdrawable,
  type ClaimStages,
} from '../../../src/runtime/lifecycle/claimStages';

const stage = (id: string, next: string[]) => ({
  id,
  staffLabel: id,
  claimantLabel: id,
  claimantText: `${id}.`,
  next,
});

const small = (): ClaimStages => ({
  initial: 'sent',
  withdrawn: 'withdrawn',
  stages: [
    stage('sent', ['in-review']),
    stage('in-review', ['done']),
    stage('done', []),
    stage('withdrawn', []),
  ],
});

describe('claimStagesProblems', () => {
  it("finds nothing wrong with the project's stages", () => {
    expect(claimStagesProblems(claimStages)).toEqual([]);
  });

  it('names a move to a stage that does not exist, with the stages there are', () => {
    const file = small();
    file.stages[1]!.next = ['in-reveiw-2', 'done'];
    expect(claimStagesProblems(file)).toEqual([
      {
        pointer: '/stages/1/next/0',
        message: '"in-reveiw-2" is no stage (stages: sent, in-review, done, withdrawn)',
      },
    ]);
  });

  it('names a stage no move leads to', () => {
    const file = small();
    file.stages.push(stage('orphan', []));
    expect(claimStagesProblems(file)).toEqual([
      {
        pointer: '/stages/4',
        message: 'no move leads to "orphan": add it to another stage\'s next',
      },
    ]);
  });

  it('refuses a duplicate id, an unknown initial stage, a move to itself or back to the start', () => {
    const file = small();
    file.initial = 'new';
    file.stages.push(stage('done', []));
    file.stages[1]!.next = ['in-review', 'sent'];
    expect(claimStagesProblems(file).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/stages/4/id: "done" is already a stage',
      '/initial: "new" is no stage (stages: sent, in-review, done, withdrawn)',
      '/stages/1/next/0: a stage cannot move to itself',
    ]);
  });

  it('refuses a withdrawn stage that moves on', () => {
    const file = small();
    file.stages[3]!.next = ['in-review'];
    expect(claimStagesProblems(file)).toEqual([
      {
        pointer: '/stages/3/next',
        message: '"withdrawn" is where a claimant\'s withdrawal ends a claim: it moves nowhere',
      },
    ]);
  });
});

describe('moves', () => {
  it('allows only the moves the file lists', () => {
    expect(isAllowedMove('sent', 'in-review')).toBe(true);
    expect(isAllowedMove('sent', 'accepted')).toBe(false);
    expect(isAllowedMove('accepted', 'rejected')).toBe(false);
    expect(isAllowedMove('nowhere', 'sent')).toBe(false);
  });

  it('lets a claimant withdraw until the claim reaches a final stage', () => {
    expect(isWithdrawable('sent')).toBe(true);
    expect(isWithdrawable('offer-made')).toBe(true);
    expect(isWithdrawable('accepted')).toBe(false);
    expect(isWithdrawable('withdrawn')).toBe(false);
  });
});
