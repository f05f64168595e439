/**
 * Migrations as data: a funnel version's `migration` says how answers of the version before
 * it map onto it (pages renamed, fields moved or dropped, defaults for new fields). A draft
 * moves only when every version between its own and the newest says drafts move; sent
 * claims never change.
 */
import { pointerOf, pointerTokens, resolvePath } from '../funnel';
import type {
  FunnelExample,
  FunnelMigration,
  FunnelRegistry,
  Problem,
  Answers,
  ConditionEvaluator,
  Funnel,
  FunnelPage,
  PageAnswers,
  ValidationResult,
} from '../funnel';

type MutableAnswers = Record<string, PageAnswers>;

function cloneAnswers(answers: Answers): MutableAnswers {
  // Object.fromEntries loses the key type; the pages are those of `answers`, undefined ones dropped.
  return structuredClone(
    Object.fromEntries(Object.entries(answers).filter(([, page]) => page !== undefined)),
  ) as MutableAnswers;
}

/** A `from` pointer of the previous version, with its page renamed as the migration says. */
function renamedPointer(pointer: string, renamePages: Record<string, string>): string {
  const [pageId, ...rest] = pointerTokens(pointer);
  return pointerOf(renamePages[pageId!] ?? pageId!, ...rest);
}

function hasOwn(target: unknown, key: string): target is Record<string, unknown> {
  return (
    target !== null &&
    typeof target === 'object' &&
    Object.prototype.hasOwnProperty.call(target, key)
  );
}

/** Removes the value at a pointer and returns it (undefined when there was none). */
function takeAt(answers: MutableAnswers, pointer: string): unknown {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop()!;
  let parent: unknown = answers;
  for (const token of tokens) {
    if (!hasOwn(parent, token)) return undefined;
    parent = parent[token];
  }
  if (!hasOwn(parent, last)) return undefined;
  const value = parent[last];
  delete parent[last];
  return value;
}

/** Puts a value at a pointer, making the objects on the way (a page or a group) as needed. */
function putAt(answers: MutableAnswers, pointer: string, value: unknown): void {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop()!;
  let parent: Record<string, unknown> = answers;
  for (const token of tokens) {
    const next = parent[token];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) parent[token] = {};
    // The line above made parent[token] an object when it was not one.
    parent = parent[token] as Record<string, unknown>;
  }
  parent[last] = value;
}

function hasValueAt(answers: MutableAnswers, pointer: string): boolean {
  let current: unknown = answers;
  for (const token of pointerTokens(pointer)) {
    if (!hasOwn(current, token)) return false;
    current = current[token];
  }
  return current !== undefined;
}

/** Drops pages a migration left empty (a page moved away field by field). */
function withoutEmptyPages(answers: MutableAnswers): MutableAnswers {
  return Object.fromEntries(
    Object.entries(answers).filter(([, page]) => Object.keys(page).length > 0),
  );
}

/**
 * The answers of the previous version as this version holds them: pages renamed, then
 * fields moved, then dropped, then defaults filled where nothing was given. Pure: the
 * answers passed in are not changed.
 */
export function migrateAnswers(answers: Answers, migration: FunnelMigration): MutableAnswers {
  const renamePages = migration.renamePages ?? {};
  const migrated: MutableAnswers = {};
  for (const [pageId, page] of Object.entries(cloneAnswers(answers))) {
    migrated[renamePages[pageId] ?? pageId] = page;
  }
  const moves = (migration.moveFields ?? []).map((move) => ({
    value: takeAt(migrated, renamedPointer(move.from, renamePages)),
    to: move.to,
  }));
  for (const { value, to } of moves) if (value !== undefined) putAt(migrated, to, value);
  for (const pointer of migration.dropFields ?? []) {
    takeAt(migrated, renamedPointer(pointer, renamePages));
  }
  for (const { at, value } of migration.defaults ?? []) {
    if (!hasValueAt(migrated, at)) putAt(migrated, at, structuredClone(value));
  }
  return withoutEmptyPages(migrated);
}

/** A page id of the previous version as this version names it (undefined: dropped). */
function migratedPageId(pageId: string, migration: FunnelMigration): string | undefined {
  const renamed = migration.renamePages?.[pageId] ?? pageId;
  const dropped = (migration.dropFields ?? []).includes(pointerOf(pageId));
  return dropped ? undefined : renamed;
}

/** One step of a draft's move: a version and the migration that leads to it. */
export interface MigrationStep {
  version: number;
  migration: FunnelMigration | undefined;
}

/**
 * The migrations that take a draft from `fromVersion` to the newest of `versions` (every
 * version of the funnel, published and current, oldest first), when each one between says
 * drafts move; undefined when the draft finishes on its own version.
 */
export function draftMigrationPath(
  versions: readonly MigrationStep[],
  fromVersion: number,
): FunnelMigration[] | undefined {
  const later = versions.filter((step) => step.version > fromVersion);
  if (later.length === 0) return undefined;
  if (!versions.some((step) => step.version === fromVersion)) return undefined;
  const path: FunnelMigration[] = [];
  for (const step of later) {
    if (step.migration?.drafts !== 'move') return undefined;
    path.push(step.migration);
  }
  return path;
}

interface MigrationCheckInput {
  /** The version the migration leads to (its `migration` is checked). */
  funnel: Funnel;
  migration: FunnelMigration;
  /** The version before it, and its example answers as published. */
  previous: { funnel: Funnel; version: number; examples: readonly FunnelExample[] };
  evaluate: ConditionEvaluator;
  validatePage: (page: FunnelPage, pageAnswers: unknown) => ValidationResult;
}

/**
 * A migration names pages that exist (its `from` side in the previous version, its `to` side
 * in this one), and every example of the previous version, migrated, passes each page of this
 * version on its route, except the pages the migration says need input. Problems point into
 * the funnel file: `/migration/...`.
 */
function checkMigration(input: MigrationCheckInput): Array<{ pointer: string; message: string }> {
  const { funnel, migration, previous } = input;
  const problems: Array<{ pointer: string; message: string }> = [];
  const oldPages = new Set(previous.funnel.pages.map((page) => page.pageId));
  const newPages = new Set(funnel.pages.map((page) => page.pageId));
  const at = (...tokens: Array<string | number>) => pointerOf('migration', ...tokens);
  const oldPage = (pointer: string, where: string) => {
    const pageId = pointerTokens(pointer)[0]!;
    if (!oldPages.has(pageId))
      problems.push({
        pointer: where,
        message: `version ${previous.version} has no page "${pageId}"`,
      });
  };
  const newPage = (pageId: string, where: string) => {
    if (!newPages.has(pageId))
      problems.push({ pointer: where, message: `this version has no page "${pageId}"` });
  };
  for (const [from, to] of Object.entries(migration.renamePages ?? {})) {
    oldPage(pointerOf(from), at('renamePages', from));
    newPage(to, at('renamePages', from));
  }
  (migration.moveFields ?? []).forEach((move, i) => {
    oldPage(move.from, at('moveFields', i, 'from'));
    newPage(pointerTokens(move.to)[0]!, at('moveFields', i, 'to'));
  });
  (migration.dropFields ?? []).forEach((pointer, i) => oldPage(pointer, at('dropFields', i)));
  (migration.defaults ?? []).forEach((entry, i) =>
    newPage(pointerTokens(entry.at)[0]!, at('defaults', i, 'at')),
  );
  (migration.needsInput ?? []).forEach((pageId, i) => newPage(pageId, at('needsInput', i)));
  if (problems.length > 0) return problems;

  const needsInput = new Set(migration.needsInput ?? []);
  for (const example of previous.examples) {
    const migrated = migrateAnswers(example.answers, migration);
    // Up to the first page that needs input: the claimant answers from there, and what
    // they answer decides the rest of the route.
    for (const page of resolvePath(funnel, migrated, input.evaluate)) {
      const pageId = page.pageId;
      if (needsInput.has(pageId)) break;
      if (page.kind === 'review-and-sign' || page.kind === 'exit') continue;
      const result = input.validatePage(page, migrated[pageId] ?? {});
      if (result.valid) continue;
      const error = result.errors[0]!;
      const field = error.pointer === '' ? '' : ` field ${pointerOf(pageId)}${error.pointer}`;
      problems.push({
        pointer: at(),
        message: `example "${example.name}" of version ${previous.version}, migrated, fails page "${pageId}"${field}: ${error.message} (fix the migration, or list "${pageId}" in needsInput)`,
      });
      break;
    }
  }
  return problems;
}

/** What a draft keeps per page besides its answers, keyed by pageId (edit stamps, first saves). */
type PerPage<T> = Record<string, T>;

/**
 * A draft's per-page records after its answers are migrated: each page renamed as the
 * migrations rename it, dropped with its page. Edit stamps are kept only for fields still
 * answered under the same name (a moved field's next edit simply wins).
 */
export function migratePerPage<T>(
  records: PerPage<T>,
  migrations: readonly FunnelMigration[],
): PerPage<T> {
  let current = records;
  for (const migration of migrations) {
    const next: PerPage<T> = {};
    for (const [pageId, value] of Object.entries(current)) {
      const renamed = migratedPageId(pageId, migration);
      if (renamed !== undefined && !(renamed in next)) next[renamed] = value;
    }
    current = next;
  }
  return current;
}

/** Every migration of the path applied in turn: the draft's answers on the newest version. */
export function migrateAlong(answers: Answers, migrations: readonly FunnelMigration[]) {
  // Each migration returns every page it was given, so none is undefined after the run.
  return migrations.reduce<Answers>(
    (migrated, migration) => migrateAnswers(migrated, migration),
    answers,
  ) as Record<string, PageAnswers>;
}

/**
 * Each current funnel's `migration`, checked against the newest published version before it
 * (checkMigration), with problems in the funnel's file: what funnels:check and the studio's
 * checker both report.
 */
export function checkFunnelMigrations(
  current: ReadonlyArray<{ file: string; funnel: Funnel }>,
  published: ReadonlyMap<
    string,
    ReadonlyArray<{ version: number; funnel: Funnel; examples: FunnelExample[] }>
  >,
  registry: Pick<FunnelRegistry, 'evaluateCondition' | 'validatePage'>,
): Problem[] {
  const problems: Problem[] = [];
  for (const { file, funnel } of current) {
    if (!funnel.migration) continue;
    const versions = published.get(funnel.funnelId) ?? [];
    const previous = versions.filter((version) => version.version < funnel.version).at(-1);
    if (!previous) {
      problems.push({
        file,
        pointer: '/migration',
        message: `no published version before version ${funnel.version} to migrate from (publish one first, or remove "migration")`,
      });
      continue;
    }
    const found = checkMigration({
      funnel,
      migration: funnel.migration,
      previous,
      evaluate: registry.evaluateCondition,
      validatePage: (page, answers) => registry.validatePage(funnel.funnelId, page.pageId, answers),
    });
    problems.push(...found.map((problem) => ({ file, ...problem })));
  }
  return problems;
}
