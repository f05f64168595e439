/**
 * The stages a sent claim moves through, declared as data in funnels/lifecycle/claim-stages.json
 * (format: schemas/claim-stages.schema.json). The gateway allows only the moves it lists, staff
 * and claimants read their own labels from it, and funnels:check refuses a file whose moves
 * name no stage or whose stages cannot be reached.
 */
import stagesFile from '../../../funnels/lifecycle/claim-stages.json';

/** One stage, as the claim-stages file writes it (schemas/claim-stages.schema.json). */
export interface ClaimStage {
  id: string;
  staffLabel: string;
  claimantLabel: string;
  claimantText: string;
  /** The stages staff may move a claim to from this one; empty for a final stage. */
  next: string[];
}

export interface ClaimStages {
  initial: string;
  withdrawn: string;
  stages: ClaimStage[];
  /** Per locale, the stages' texts in it by `/stages/<id>/<text>` (claimStageTranslations.ts). */
  translations?: Record<string, Record<string, string>>;
}

export interface StageProblem {
  pointer: string;
  message: string;
}

/**
 * What the format schema cannot say: ids are unique, `initial`, `withdrawn` and every move
 * name a stage, no stage moves to itself or back to the initial one, the withdrawn stage is
 * final, and every stage can be reached from the initial one.
 */
export function claimStagesProblems(file: ClaimStages): StageProblem[] {
  const problems: StageProblem[] = [];
  const index = new Map<string, number>();
  file.stages.forEach((stage, i) => {
    if (index.has(stage.id)) {
      problems.push({ pointer: `/stages/${i}/id`, message: `"${stage.id}" is already a stage` });
    } else {
      index.set(stage.id, i);
    }
  });
  const known = [...index.keys()].join(', ');
  for (const key of ['initial', 'withdrawn'] as const) {
    if (!index.has(file[key])) {
      problems.push({
        pointer: `/${key}`,
        message: `"${file[key]}" is no stage (stages: ${known})`,
      });
    }
  }
  file.stages.forEach((stage, i) => {
    stage.next.forEach((to, j) => {
      const pointer = `/stages/${i}/next/${j}`;
      if (!index.has(to))
        problems.push({ pointer, message: `"${to}" is no stage (stages: ${known})` });
      else if (to === stage.id)
        problems.push({ pointer, message: 'a stage cannot move to itself' });
      else if (to === file.initial)
        problems.push({
          pointer,
          message: `no claim moves back to "${file.initial}", where every claim starts`,
        });
    });
  });
  const withdrawn = index.get(file.withdrawn);
  if (withdrawn !== undefined && file.stages[withdrawn]!.next.length > 0) {
    problems.push({
      pointer: `/stages/${withdrawn}/next`,
      message: `"${file.withdrawn}" is where a claimant's withdrawal ends a claim: it moves nowhere`,
    });
  }
  if (problems.length > 0) return problems;
  // Reachable: from the initial stage by staff moves, or the withdrawn stage by the claimant.
  const reached = new Set([file.initial, file.withdrawn]);
  const queue = [file.initial];
  while (queue.length > 0) {
    const stage = file.stages[index.get(queue.shift()!)!]!;
    for (const to of stage.next) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  file.stages.forEach((stage, i) => {
    if (!reached.has(stage.id)) {
      problems.push({
        pointer: `/stages/${i}`,
        message: `no move leads to "${stage.id}": add it to another stage's next`,
      });
    }
  });
  return problems;
}

/** The project's claim stages (checked by funnels:check before any build). */
export const claimStages: ClaimStages = stagesFile as ClaimStages;

/**
 * The lifecycle a funnel's claims move through: its own `lifecycle`, or the shared file when
 * it declares none. Like its roles, a funnel's lifecycle is not part of a version: claims on
 * every version of a funnel move through its current file's stages (see docs/product-owner.md, "Give a funnel its own stages").
 */
export function lifecycleOf(funnel: { lifecycle?: ClaimStages } | undefined): ClaimStages {
  return funnel?.lifecycle ?? claimStages;
}

/** The stage with this id, or undefined. */
export function stageById(id: string, stages: ClaimStages = claimStages): ClaimStage | undefined {
  return stages.stages.find((stage) => stage.id === id);
}

/** Whether staff may move a claim from one stage to another. */
export function isAllowedMove(
  from: string,
  to: string,
  stages: ClaimStages = claimStages,
): boolean {
  return stageById(from, stages)?.next.includes(to) ?? false;
}

/** Whether a claimant may still withdraw a claim in this stage (it is not final). */
export function isWithdrawable(stageId: string, stages: ClaimStages = claimStages): boolean {
  const stage = stageById(stageId, stages);
  return stage !== undefined && stage.next.length > 0;
}
