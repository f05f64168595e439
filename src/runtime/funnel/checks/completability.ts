/**
 * Proves a funnel can be finished: that real answers, not just a well-formed file, carry a
 * claimant to every page and along every branch. The evidence is the product owner's example
 * claims first; where no example covers a page or a branch, answers are generated from the
 * page schema (narrowed by the branch's `when` where that tests the page) and kept only if
 * the page's own validator accepts them, so a generator's guess never passes for proof.
 *
 * Runs after the structural checks (funnelChecks: no loops, targets exist, pages reachable in
 * the graph), so it only reports what those cannot see, and once per root cause: a page no
 * answers pass is reported there, not again at every page behind it.
 */
import type { FunnelExample } from './exampleChecks';
import { pageEdges } from '../pages/funnelGraph';
import { pointerOf } from '../schema/jsonPointer';
import { resolveStep } from '../pages/navigation';
import { isJsonObject, propertySchemaOf } from '../schema/schemaProperties';
import type {
  ConditionEvaluator,
  Funnel,
  FunnelPage,
  JsonSchemaObject,
  PageAnswers,
  ValidationResult,
} from '../types';
import { errorMessageOf } from '../../contract';

/**
 * Generates answers from a JSON Schema: a different attempt for each seed, the same for the
 * same seed. May throw, or return answers the schema rejects (they are validated).
 */
export type SampleAnswers = (schema: JsonSchemaObject, seed: number) => unknown;

interface CompletabilityInput {
  funnel: Funnel;
  examples: readonly FunnelExample[];
  /** The bundled page schema of a page (every page of a funnel that got this far has one). */
  schemaOf: (page: FunnelPage) => JsonSchemaObject;
  validatePage: (page: FunnelPage, pageAnswers: unknown) => ValidationResult;
  evaluate: ConditionEvaluator;
  sample: SampleAnswers;
  /** The examples file named in messages, e.g. `funnels/examples/parking-appeal.json`. */
  examplesFile: string;
}

interface CompletabilityProblem {
  pointer: string;
  message: string;
}

/** Seeds tried per generated answer: a schema with a cross-field rule may reject one guess. */
const SEEDS = [1, 2, 3, 4];
/** Steps one route search may take; funnels are small, this only stops a pathological one. */
const SEARCH_BUDGET = 5000;

interface Candidate {
  answers: PageAnswers;
  /** The rule (`i/j`) this answer was generated for, if any: preferred when aiming at it. */
  aimedAt?: string;
}

/** What a rule's `when` requires of one page's answers, if it says (`properties.<pageId>`). */
function conditionOnPage(when: unknown, pageId: string): JsonSchemaObject | undefined {
  if (!isJsonObject(when) || !isJsonObject(when.properties)) return undefined;
  const onPage = when.properties[pageId];
  return isJsonObject(onPage) ? onPage : undefined;
}

const ruleKey = (pageIndex: number, ruleIndex: number): string => `${pageIndex}/${ruleIndex}`;

function describeFailure(result: ValidationResult | undefined, thrown: unknown): string {
  if (thrown !== undefined)
    return `could not generate answers (${errorMessageOf(thrown) ?? String(thrown)})`;
  const first = result?.errors[0];
  if (!first) return 'no answers were generated';
  return `generated answers fail at ${first.pointer || '(root)'}: ${first.message}`;
}

type Generated = { answers?: PageAnswers; failure?: string };
/** Generated answers for a schema that its page accepts, or why none could be made. */
type Generate = (page: FunnelPage, schema: JsonSchemaObject) => Generated;

/**
 * Which pages can reach which (the graph, any condition may match): a search never walks
 * into a part of the funnel its goal is not in.
 */
function pagesReachable(funnel: Funnel): Set<number>[] {
  const reaches = funnel.pages.map(() => new Set<number>());
  for (let from = funnel.pages.length - 1; from >= 0; from--) {
    reaches[from]!.add(from);
    for (const edge of pageEdges(funnel, from)) {
      for (const index of reaches[edge.to] ?? []) reaches[from]!.add(index);
    }
  }
  return reaches;
}

function answerGenerator(input: CompletabilityInput): Generate {
  return (page, schema) => {
    let failure = '';
    for (const seed of SEEDS) {
      let answers: unknown;
      try {
        answers = input.sample(schema, seed);
      } catch (error) {
        failure ||= describeFailure(undefined, error);
        continue;
      }
      const result = input.validatePage(page, answers);
      // validatePage just accepted these answers against the page schema.
      if (result.valid) return { answers: answers as PageAnswers };
      failure ||= describeFailure(result, undefined);
    }
    return { failure };
  };
}

/**
 * Candidate answers per page: the examples', then ones generated for each rule that tests
 * the page, then plain generated ones when nothing else passes (or, in `failures`, why none).
 */
function candidateAnswers(
  input: CompletabilityInput,
  generate: Generate,
  failures: Map<number, string>,
): Candidate[][] {
  const { funnel, examples } = input;
  const pages = funnel.pages;
  return pages.map((page, index) => {
    if (page.kind === 'exit') return [{ answers: {} }];
    const list: Candidate[] = [];
    const seen = new Set<string>();
    const add = (candidate: Candidate): void => {
      const key = JSON.stringify(candidate.answers) + (candidate.aimedAt ?? '');
      if (!seen.has(key)) {
        seen.add(key);
        list.push(candidate);
      }
    };
    for (const example of examples) {
      const answers = example.answers[page.pageId];
      if (answers !== undefined && input.validatePage(page, answers).valid) add({ answers });
    }
    const schema = input.schemaOf(page);
    pages.forEach((rulePage, i) =>
      (rulePage.next ?? []).forEach((rule, j) => {
        const onPage = conditionOnPage(rule.when, page.pageId);
        if (!onPage) return;
        const aimed = generate(page, narrowToCondition(schema, onPage));
        if (aimed.answers) add({ answers: aimed.answers, aimedAt: ruleKey(i, j) });
      }),
    );
    // The other way out of a branch: each value a rule tests, one at a time, so answers that
    // match no rule (and so move to the following page) exist too.
    for (const [name, values] of testedChoices(funnel, page.pageId, schema)) {
      for (const value of values) {
        const variant = generate(
          page,
          narrowToCondition(schema, { properties: { [name]: { const: value } }, required: [name] }),
        );
        if (variant.answers) add({ answers: variant.answers });
      }
    }
    if (list.length === 0) {
      const plain = generate(page, schema);
      if (plain.answers) add({ answers: plain.answers });
      else failures.set(index, plain.failure ?? 'no answers were generated');
    }
    return list;
  });
}

/**
 * A search for a route of valid answers from the first page to `target`; with `rule`, one
 * that then leaves `target` by that rule. Depth-first, preferring answers generated for the
 * rule; every search spends one shared budget of steps (below 0 when it ran out).
 */
function routeFinder(
  input: CompletabilityInput,
  candidates: Candidate[][],
  reaches: Set<number>[],
  budget: { left: number },
) {
  const { funnel, evaluate } = input;
  return (target: number, rule?: { index: number; goto: number }): boolean => {
    const aim = rule === undefined ? undefined : ruleKey(target, rule.index);
    const visit = (index: number, answersSoFar: Record<string, PageAnswers>): boolean => {
      if (--budget.left < 0) return false;
      const page = funnel.pages[index]!;
      const ordered = [...candidates[index]!].sort(
        (a, b) => Number(b.aimedAt === aim) - Number(a.aimedAt === aim),
      );
      const tried = new Set<number | undefined>();
      for (const candidate of ordered) {
        const withPage = { ...answersSoFar, [page.pageId]: candidate.answers };
        const next = resolveStep(funnel, index, withPage, evaluate);
        if (index === target) {
          if (rule === undefined || next === rule.goto) return true;
          continue;
        }
        if (next === undefined || !reaches[next]!.has(target)) continue;
        // Another answer leading to the same page only matters if it was made for the goal.
        if (tried.has(next) && candidate.aimedAt !== aim) continue;
        tried.add(next);
        if (visit(next, withPage)) return true;
      }
      return false;
    };
    return visit(0, {});
  };
}

/**
 * The pages whose root cause is reported already: those no route reaches from the first page
 * without passing a blocked page or an untakeable rule.
 */
function explainedPages(
  funnel: Funnel,
  blocked: (index: number) => boolean,
  untakeable: ReadonlySet<string>,
): Set<number> {
  const explained = new Set<number>(funnel.pages.keys());
  const queue = [0];
  explained.delete(0);
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    if (blocked(from)) continue;
    for (const edge of pageEdges(funnel, from)) {
      if (untakeable.has(edge.pointer) || !explained.has(edge.to)) continue;
      explained.delete(edge.to);
      queue.push(edge.to);
    }
  }
  return explained;
}

/** Every problem that stops a claimant finishing the funnel, as pointers into the funnel file. */
export function checkCompletability(input: CompletabilityInput): CompletabilityProblem[] {
  const pages = input.funnel.pages;
  const problems: CompletabilityProblem[] = [];
  const failures = new Map<number, string>();
  const candidates = candidateAnswers(input, answerGenerator(input), failures);
  const budget = { left: SEARCH_BUDGET };
  const findRoute = routeFinder(input, candidates, pagesReachable(input.funnel), budget);

  // A page no answers pass: reported there, once.
  for (const [index, failure] of failures) {
    problems.push({
      pointer: pointerOf('pages', index),
      message:
        `no answers pass page "${pages[index]!.pageId}": no example claim answers it, and ${failure}. ` +
        `Add an example claim that reaches it to ${input.examplesFile}, or fix its schema`,
    });
  }
  const blocked = (index: number): boolean => failures.has(index);

  // Every page: reached with answers that pass every page before it.
  const unreached = new Set<number>();
  pages.forEach((page, index) => {
    if (index === 0 || blocked(index)) return;
    if (findRoute(index)) return;
    unreached.add(index);
  });

  // Every rule: taken by some claimant.
  const untakeable = new Set<string>();
  pages.forEach((page, index) => {
    if (blocked(index) || unreached.has(index)) return;
    (page.next ?? []).forEach((rule, ruleIndex) => {
      if (rule.when === undefined) return;
      const goto = pages.findIndex((candidate) => candidate.pageId === rule.goto);
      if (goto === -1 || findRoute(index, { index: ruleIndex, goto })) return;
      untakeable.add(pointerOf('pages', index, 'next', ruleIndex, 'goto'));
      problems.push({
        pointer: pointerOf('pages', index, 'next', ruleIndex, 'when'),
        message:
          `no answers take this rule to "${rule.goto}": neither the example claims nor answers ` +
          `generated from page schemas match its "when" (check the page ids, field names and ` +
          `values it tests), or add an example claim that takes it to ${input.examplesFile}`,
      });
    });
  });

  // A page only a blocked page or an untakeable rule leads to has its root cause reported;
  // any other page no answers reach is a problem of its own (say, a rule that always matches
  // before the move to the following page).
  const explained = explainedPages(input.funnel, blocked, untakeable);
  for (const index of unreached) {
    if (explained.has(index)) continue;
    problems.push({
      pointer: pointerOf('pages', index),
      message:
        `no answers reach page "${pages[index]!.pageId}": every route to it passes a rule that ` +
        `takes claimants elsewhere first`,
    });
  }
  if (budget.left < 0) {
    problems.push({
      pointer: pointerOf('pages'),
      message: `too many routes to prove every page can be finished (searched ${SEARCH_BUDGET} steps): split the funnel, or add example claims for its branches to ${input.examplesFile}`,
    });
  }
  return problems;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The values a field may take when there are few: a boolean, an enum, a oneOf of consts. */
function choicesOf(field: JsonSchemaObject | undefined): unknown[] | undefined {
  if (!field) return undefined;
  if (field.type === 'boolean') return [true, false];
  if (Array.isArray(field.enum)) return field.enum;
  const options = field.oneOf ?? field.anyOf;
  if (Array.isArray(options) && options.every((o) => isJsonObject(o) && 'const' in o)) {
    // The `every` check above confirmed each option is an object with `const`.
    return options.map((option) => (option as { const: unknown }).const);
  }
  return undefined;
}

/** Top-level fields of a page that some rule's `when` tests, with their possible values. */
function testedChoices(
  funnel: Funnel,
  pageId: string,
  schema: JsonSchemaObject,
): Map<string, unknown[]> {
  const tested = new Map<string, unknown[]>();
  for (const page of funnel.pages) {
    for (const rule of page.next ?? []) {
      const onPage = conditionOnPage(rule.when, pageId);
      if (!onPage || !isJsonObject(onPage.properties)) continue;
      for (const name of Object.keys(onPage.properties)) {
        const values = choicesOf(propertySchemaOf(schema, name, schema));
        if (values && !tested.has(name)) tested.set(name, values);
      }
    }
  }
  return tested;
}

/**
 * The page schema narrowed to what a rule's `when` asks of the page: a `const` or `enum` it
 * tests replaces the field's own choices (generators do not reliably intersect `allOf` with a
 * field's `oneOf`), nested objects are narrowed the same way, anything else is added with
 * `allOf`, and its `required` names join the page's.
 */
function narrowToCondition(
  schema: JsonSchemaObject,
  condition: JsonSchemaObject,
): JsonSchemaObject {
  const properties: Record<string, unknown> = {
    ...(isJsonObject(schema.properties) ? schema.properties : {}),
  };
  const tested = isJsonObject(condition.properties) ? condition.properties : {};
  for (const [name, test] of Object.entries(tested)) {
    if (!isJsonObject(test)) continue;
    const own = properties[name];
    if ('const' in test) properties[name] = { const: test.const };
    else if (Array.isArray(test.enum)) properties[name] = { enum: test.enum };
    else if (isJsonObject(own) && isJsonObject(test.properties))
      properties[name] = narrowToCondition(own, test);
    else properties[name] = { allOf: [own ?? {}, test] };
  }
  const required = [...new Set([...asArray(schema.required), ...asArray(condition.required)])];
  return { ...schema, properties, required };
}
