/**
 * The schema registry: the one source of funnels and page schemas for the browser, the
 * gateway and the funnels-check CLI. It takes already-parsed files (loading from disk or
 * a bundle is the caller's job), checks everything, and either returns a registry or
 * every problem found, each as `file: JSON pointer: message`.
 */
import {
  checkFunnelTranslations,
  checkSchemaTranslations,
  checkTranslatedFormat,
  withTranslationsOnlyIn,
} from '../words/translations';
import { setAsideLanguagesInProgress, type TextToTranslate } from '../words/languagesInProgress';
import { checkMoneyBounds } from '../checks/schemaKeywords/moneyBounds';
import { checkEvidenceQuestions } from '../checks/schemaKeywords/evidenceQuestions';
import { compileFormatValidator } from '../checks/formatMessages';
import { checkSchemaWording, funnelSchemaWords, resultInWords } from '../words/schemaWording';
import { checkSchemaOwnDescription } from '../checks/schemaKeywords/schemaOwnDescription';
import { checkCompletability, type SampleAnswers } from '../checks/completability';
import { checkExamples, type FunnelExample } from '../checks/exampleChecks';
import { checkImpossibleConditions } from '../checks/impossibleConditions';
import { idFromFileName } from '../schema/fileNames';
import { checkFunnel, type FunnelCheckContext } from '../checks/funnelChecks';
import { checkFunnelLifecycle, type LifecycleProblem } from '../checks/lifecycleChecks';
import { pointerOf, pointerTokens } from '../schema/jsonPointer';
import { navigatorFor, type FunnelNavigator } from '../pages/navigator';
import { hiddenCharacterErrors } from '../words/hiddenCharacters';
import { answerOpennessProblem, unknownAnswerErrors } from '../answers/unknownAnswers';
import { normaliseAnswers } from '../answers/normaliseAnswers';
import { checkMultipleOfBounds } from '../checks/schemaKeywords/multipleOfBounds';
import { checkNormaliserNames } from '../checks/schemaKeywords/normaliserNames';
import { checkRequiredNames } from '../checks/schemaKeywords/requiredNames';
import { checkSchemaNames } from '../schema/schemaNames';
import { bundleSchema } from '../schema/schemaBundle';
import {
  EXAMPLES_FORMAT_SCHEMA_ID,
  FUNNEL_FORMAT_SCHEMA_ID,
  indexSchemaFiles,
  isFormatSchema,
  type SchemaFile,
} from '../schema/schemaFiles';
import {
  SchemaCompileError,
  type CompileInWords,
  type CompileValidator,
  type ConditionEvaluator,
  type Funnel,
  type FunnelPage,
  type JsonSchemaObject,
  type PageAnswers,
  type PageValidityCheck,
  type Problem,
  type ValidateFn,
  type ValidationResult,
} from '../types';
import type { ValidationWords } from '../../types';
import { pageSchemaKey } from '../schema/validatorKeys';
import { errorMessageOf } from '../../contract';

/** Parsed file contents, keyed by file name (used in problems, e.g. `funnels/vehicle-claim.json`). */
export interface RegistryInput {
  /** Funnel files, named `<funnelId>.json`. */
  funnels: Record<string, unknown>;
  /** Schema files, named `<$id>.schema.json`, including funnel.schema.json and funnel-examples.schema.json. */
  schemas: Record<string, unknown>;
  /** Example answers files, named `<funnelId>.json`. When given, every funnel must have one. */
  examples?: Record<string, unknown>;
}

interface RegistryOptions {
  /**
   * How schemas become validators: run-time AJV (`createAjvCompileValidator` from
   * validation/ajvCompiler, for the gateway, the CLI and the dev server) or validators
   * precompiled by the build (`createPrecompiledCompileValidator`, for the browser bundle).
   */
  compileValidator: CompileValidator;
  /**
   * The validation messages the registry's checks are said in, in the language its funnels
   * and schemas are read in: the browser's compiled messages, the gateway's and the CLI's
   * compiled in Node (src/gateway/infra/validationWords.ts).
   */
  words: ValidationWords;
  /**
   * True where the files were already checked by `funnels:check` and the build (the browser's
   * production bundle): the funnel files are not checked against their format schemas again,
   * funnel rules are not checked, conditions compile on first use, and no format schema is
   * compiled, so none of that code or its validators ships to claimants.
   */
  prechecked?: boolean;
  /**
   * Given (funnels:check), each funnel whose examples pass is also proved completable: every
   * page reached and every rule taken by answers that pass, generated with this where no
   * example covers a route (see completability.ts).
   */
  sampleAnswers?: SampleAnswers;
  /**
   * Given (funnels:check's cache), runs a funnel's example and completability checks, the
   * costly part of checking a funnel, only when it has no record of their result for these
   * inputs: `run` does the checks; the memo returns its problems or the recorded ones.
   */
  exampleChecksMemo?: ExampleChecksMemo;
}

/**
 * What a funnel's example and completability checks depend on, and the checks themselves.
 * `pageSchemas` are the bundled schemas of its pages (every `$ref` inlined), by `$id`.
 */
export type ExampleChecksMemo = (
  inputs: {
    funnel: Funnel;
    examples: unknown;
    examplesFile: string;
    pageSchemas: ReadonlyMap<string, JsonSchemaObject>;
  },
  run: () => Problem[],
) => Problem[];

/** Read-only access to checked funnels and schemas. Returned objects must not be mutated. */
export interface FunnelRegistry {
  /** Every funnel, in file order. */
  listFunnels(): readonly Funnel[];
  getFunnel(funnelId: string): Funnel | undefined;
  getPage(funnelId: string, pageId: string): FunnelPage | undefined;
  /** A schema as written in schemas/, refs to other schemas included. */
  getPageSchema(schemaId: string): JsonSchemaObject | undefined;
  /** A schema with every external ref inlined: what RJSF renders and AJV standalone compiles. */
  bundlePageSchema(schemaId: string): JsonSchemaObject | undefined;
  /**
   * Validates one page's answers against its page schema, with claimant-facing messages.
   * @throws Error when the funnel or page does not exist (check with getPage first).
   */
  validatePage(funnelId: string, pageId: string, pageAnswers: unknown): ValidationResult;
  /**
   * A page's answers with the fields its schema marks `x-normalise` tidied (postcodes,
   * registrations), as they are saved and shown back.
   * @throws Error when the funnel or page does not exist.
   */
  normalisePage(funnelId: string, pageId: string, pageAnswers: PageAnswers): PageAnswers;
  /** Evaluates `next` rule conditions; pass it to the navigation functions. */
  evaluateCondition: ConditionEvaluator;
  /** Page validity for resolveResumePage and isClaimComplete. */
  isPageValid: PageValidityCheck;
  /** The example answers of a funnel (empty when none were loaded). */
  getExamples(funnelId: string): readonly FunnelExample[];
  /** The funnel's navigation, bound to this registry's checks; undefined for an unknown funnel. */
  navigator(funnelId: string): FunnelNavigator | undefined;
}

/**
 * Every text the languages still being translated lack (see languagesInProgress.ts): no
 * problem, as those languages are not offered until none is left.
 */
interface TextsToTranslate {
  toTranslate?: TextToTranslate[];
}

export type RegistryResult =
  | ({ ok: true; registry: FunnelRegistry } & TextsToTranslate)
  | ({
      ok: false;
      problems: Problem[];
      /**
       * The funnels with no problem of their own (none in their file, examples or schemas),
       * when the format schemas themselves are sound: the dev server keeps those working
       * while one funnel is being fixed. Undefined when nothing could be loaded.
       */
      registry?: FunnelRegistry;
    } & TextsToTranslate);

/** The registry's compiler, saying its errors in the registry's words. */
function inWords({
  compileValidator,
  words,
}: Pick<RegistryOptions, 'compileValidator' | 'words'>): CompileInWords {
  return (schemaKey, schema) => compileValidator(schemaKey, schema, words);
}

function compileOrProblem(
  compile: CompileInWords,
  key: string,
  schema: object,
  file: string,
  problems: Problem[],
): ValidateFn | undefined {
  try {
    return compile(key, schema);
  } catch (error) {
    const pointer = error instanceof SchemaCompileError ? error.pointer : '';
    problems.push({ file, pointer, message: errorMessageOf(error) ?? String(error) });
    return undefined;
  }
}

/**
 * A required name that is no field, an unbounded multipleOf, an unknown tidy-up or a schema's
 * own description (shown nowhere): reported against the file that has it. Returns the `$id`s
 * of the files with problems.
 */
function checkSchemaFiles(byId: ReadonlyMap<string, SchemaFile>, problems: Problem[]): Set<string> {
  const broken = new Set<string>();
  for (const [id, { file, schema }] of byId) {
    if (isFormatSchema(id)) continue;
    for (const problem of [
      ...checkSchemaNames(schema),
      ...checkRequiredNames(schema),
      ...checkMultipleOfBounds(schema),
      ...checkMoneyBounds(schema),
      ...checkEvidenceQuestions(schema),
      ...checkNormaliserNames(schema),
      ...checkSchemaTranslations(schema),
      ...checkSchemaWording(schema),
      ...checkSchemaOwnDescription(schema),
    ]) {
      problems.push({ file, pointer: problem.pointer, message: problem.message });
      broken.add(id);
    }
  }
  return broken;
}

/**
 * Bundles and compiles every page schema; a schema with problems is left out. `broken` names
 * the files {@link checkSchemaFiles} found problems in: every page that uses one is left out
 * without a second message (one root cause, one line).
 */
function loadPageSchemas(
  byId: ReadonlyMap<string, SchemaFile>,
  compile: CompileInWords,
  validators: Map<string, ValidateFn>,
  problems: Problem[],
  broken: ReadonlySet<string>,
  /** Receives, per page schema, the `$id`s its bundle read (itself and those it `$ref`s). */
  schemasUsed?: Map<string, ReadonlySet<string>>,
): Map<string, JsonSchemaObject> {
  const bundled = new Map<string, JsonSchemaObject>();
  for (const [id, { file }] of byId) {
    if (isFormatSchema(id)) continue;
    const used = new Set<string>();
    const lookup = (schemaId: string): JsonSchemaObject | undefined => {
      used.add(schemaId);
      return byId.get(schemaId)?.schema;
    };
    const result = bundleSchema(lookup, id);
    schemasUsed?.set(id, used);
    if ([...used, id].some((usedId) => broken.has(usedId))) continue;
    if (!result.ok) {
      for (const problem of result.problems) {
        problems.push({
          file: byId.get(problem.schemaId)?.file ?? file,
          pointer: problem.pointer,
          message: problem.message,
        });
      }
      continue;
    }
    const openness = answerOpennessProblem(result.schema);
    if (openness) {
      problems.push({ file, pointer: '/additionalProperties', message: openness });
      continue;
    }
    const validate = compileOrProblem(compile, pageSchemaKey(id), result.schema, file, problems);
    if (validate) {
      validators.set(pageSchemaKey(id), validate);
      bundled.set(id, result.schema);
    }
  }
  return bundled;
}

/** Validates a file against one of our format schemas, reporting each error in that file. */
function checkFormat(
  validate: ValidateFn,
  file: string,
  data: unknown,
  problems: Problem[],
): boolean {
  const { valid, errors } = validate(data);
  for (const error of errors)
    problems.push({ file, pointer: error.pointer, message: error.message });
  return valid;
}

/**
 * The validator of a format schema (a funnel file's, an examples file's). Its errors speak to
 * the file's author, never in the claimant's words the registry's pages are said in.
 */
function formatValidator(
  id: string,
  byId: ReadonlyMap<string, SchemaFile>,
  compileValidator: CompileValidator,
  problems: Problem[],
): ValidateFn | undefined {
  const entry = byId.get(id);
  if (!entry) {
    problems.push({
      file: `${id}.schema.json`,
      pointer: '',
      message: `the schema with "$id": "${id}" is missing from schemas/`,
    });
    return undefined;
  }
  // A format may $ref another (the funnel's `lifecycle` is a claim-stages file): one root.
  const bundled = bundleSchema((schemaId) => byId.get(schemaId)?.schema, id);
  if (!bundled.ok) {
    for (const problem of bundled.problems) {
      const file = byId.get(problem.schemaId)?.file ?? entry.file;
      problems.push({ file, pointer: problem.pointer, message: problem.message });
    }
    return undefined;
  }
  const compile: CompileInWords = (key, schema) =>
    // CompileInWords takes any schema; the schemas compiled here are page schemas bundled above.
    compileFormatValidator(compileValidator, key, schema as JsonSchemaObject);
  return compileOrProblem(compile, pageSchemaKey(id), bundled.schema, entry.file, problems);
}

/** Drops repeats: a broken shared definition is met once per schema that uses it. */
function uniqueProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}\u0000${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface LoadedFunnels {
  funnels: Map<string, Funnel>;
  /** File of each loaded funnel, by funnelId. */
  files: Map<string, string>;
  /** Funnels (by funnelId or file name) whose examples cannot be checked until the funnel is fixed. */
  broken: Set<string>;
  /** Problems of a translation only: they cost its language, not the funnel. */
  languageOnly: Set<Problem>;
}

function loadFunnels(
  files: Record<string, unknown>,
  validateFunnelFile: ValidateFn,
  context: FunnelCheckContext,
  /** The schema files a page schema's bundle read, by its `$id` (for translations). */
  schemaFilesOf: (pageSchemaId: string) => readonly SchemaFile[],
  problems: Problem[],
): LoadedFunnels {
  const loaded: LoadedFunnels = {
    funnels: new Map(),
    files: new Map(),
    broken: new Set(),
    languageOnly: new Set(),
  };
  for (const [file, data] of Object.entries(files)) {
    const idFromName = idFromFileName(file, '.json') ?? file;
    if (!checkFormat(validateFunnelFile, file, data, problems)) {
      loaded.broken.add(idFromName);
      continue;
    }
    // checkFormat just held `data` to the funnel file's format schema, which Funnel is generated from.
    const funnel = data as Funnel;
    const at = (pointer: string, message: string): void =>
      void problems.push({ file, pointer, message });
    const before = problems.length;
    if (idFromName !== funnel.funnelId) {
      // Its examples file is named one way or the other: neither is reported missing too.
      loaded.broken.add(idFromName);
      at(
        pointerOf('funnelId'),
        `funnelId is "${funnel.funnelId}", so the file must be named ${funnel.funnelId}.json`,
      );
    }
    const other = loaded.files.get(funnel.funnelId);
    if (other !== undefined) {
      at(pointerOf('funnelId'), `funnelId "${funnel.funnelId}" is already used by ${other}`);
      continue;
    }
    for (const problem of checkFunnel(funnel, context)) at(problem.pointer, problem.message);
    const lifecycleProblems = checkFunnelLifecycle(funnel);
    for (const problem of lifecycleProblems) {
      if (problem.locale === undefined) at(problem.pointer, problem.message);
    }
    const ownProblems = problems.length - before;
    const translationProblems: LifecycleProblem[] = [
      ...checkFunnelTranslations(funnel, schemaFilesOf),
      ...checkTranslatedFormat(funnel, validateFunnelFile),
    ].map((problem) => ({ ...problem, locale: translatedLocaleAt(problem.pointer) }));
    // A stage's text missing in a language the funnel offers costs that language, as its own do.
    translationProblems.push(
      ...lifecycleProblems.filter((problem) => problem.locale !== undefined),
    );
    for (const problem of translationProblems) {
      const found = { file, pointer: problem.pointer, message: problem.message };
      problems.push(found);
      if (problem.locale !== undefined) loaded.languageOnly.add(found);
    }
    // An incomplete translation costs only its language: the funnel is served (where broken
    // funnels are, under `npm start`) without it, until funnels:check passes. A problem of its
    // own language (`/locale`) leaves nothing to read it in.
    const incomplete = new Set(translationProblems.map((problem) => problem.locale));
    const served =
      incomplete.size === 0
        ? funnel
        : withTranslationsOnlyIn(
            funnel,
            Object.keys(funnel.translations ?? {}).filter((locale) => !incomplete.has(locale)),
          );
    loaded.funnels.set(funnel.funnelId, served);
    loaded.files.set(funnel.funnelId, file);
    // A funnel with problems of its own could loop or lack schemas; its examples wait for a fix.
    const usesBrokenSchema = funnel.pages.some((page) => !context.pageSchemas.has(page.schema));
    if (ownProblems > 0 || incomplete.has(undefined) || usesBrokenSchema) {
      loaded.broken.add(funnel.funnelId);
    }
  }
  return loaded;
}

/** The locale a problem at `/translations/<locale>…` is about; undefined for any other pointer. */
function translatedLocaleAt(pointer: string): string | undefined {
  const [keyword, locale] = pointerTokens(pointer);
  return keyword === 'translations' ? locale : undefined;
}

function loadExamples(
  files: Record<string, unknown>,
  validateExamplesFile: ValidateFn,
  loaded: LoadedFunnels,
  evaluate: ConditionEvaluator,
  validatePageAnswers: (page: FunnelPage, pageAnswers: unknown) => ValidationResult,
  problems: Problem[],
  proveCompletable?: (funnel: Funnel, examples: FunnelExample[], examplesFile: string) => Problem[],
  memo: ExampleChecksMemo = (_inputs, run) => run(),
  pageSchemas: ReadonlyMap<string, JsonSchemaObject> = new Map(),
): Map<string, FunnelExample[]> {
  const examples = new Map<string, FunnelExample[]>();
  const seen = new Set<string>();
  for (const [file, data] of Object.entries(files)) {
    const funnelId = idFromFileName(file, '.json') ?? file;
    seen.add(funnelId);
    if (!checkFormat(validateExamplesFile, file, data, problems)) continue;
    const funnel = loaded.funnels.get(funnelId);
    if (loaded.broken.has(funnelId)) continue;
    if (!funnel) {
      problems.push({
        file,
        pointer: '',
        message: `no funnel "${funnelId}" for these examples (the file is named after the funnelId)`,
      });
      continue;
    }
    // checkFormat above held `data` to the examples file's format schema.
    examples.set(funnelId, data as FunnelExample[]);
    const run = (): Problem[] => {
      // A rule no answer can take sends every example down the other branch: said at the
      // rule, once, rather than as each example's missing page.
      const funnelFile = loaded.files.get(funnelId) ?? file;
      const impossible = checkImpossibleConditions(funnel, (pageId) => {
        const page = funnel.pages.find((each) => each.pageId === pageId);
        return page ? pageSchemas.get(page.schema) : undefined;
      });
      if (impossible.length > 0) {
        return impossible.map((problem) => ({ file: funnelFile, ...problem }));
      }
      const exampleProblems = checkExamples(
        // Held to the examples file's format schema above, as where it was stored.
        data as FunnelExample[],
        funnel,
        evaluate,
        validatePageAnswers,
      ).map((problem) => ({ file, pointer: problem.pointer, message: problem.message }));
      // Wrong examples would only mislead the proof; it waits until they are fixed.
      if (exampleProblems.length === 0 && proveCompletable) {
        // Held to the examples file's format schema above, as where it was stored.
        return proveCompletable(funnel, data as FunnelExample[], file);
      }
      return exampleProblems;
    };
    const used = new Map(
      funnel.pages.flatMap((page) => {
        const schema = pageSchemas.get(page.schema);
        return schema ? [[page.schema, schema] as const] : [];
      }),
    );
    problems.push(...memo({ funnel, examples: data, examplesFile: file, pageSchemas: used }, run));
  }
  for (const [funnelId, file] of loaded.files) {
    if (!seen.has(funnelId) && !loaded.broken.has(funnelId)) {
      problems.push({
        file,
        pointer: '',
        message: `no example answers: add examples/${funnelId}.json beside the funnel`,
      });
    }
  }
  return examples;
}

/**
 * Checks every funnel, schema and example and builds the registry.
 *
 * Checks: files match their format schemas; schema files are named by `$id` and compile;
 * refs between schemas resolve; funnelIds and pageIds are unique; page schemas and `goto`
 * targets exist; conditions compile; no route loops; every page is reachable from the first;
 * uiSchema keys name fields; each funnel has a review-and-sign page; examples complete.
 */
export function createRegistry(written: RegistryInput, options: RegistryOptions): RegistryResult {
  const compile = inWords(options);
  const problems: Problem[] = [];
  const validators = new Map<string, ValidateFn>();

  if (options.prechecked) return createPrecheckedRegistry(written, options);
  // A language still being translated is read as if the files did not have it yet.
  const setAside = setAsideLanguagesInProgress(written);
  const input: RegistryInput = { ...written, funnels: setAside.funnels, schemas: setAside.schemas };
  const { toTranslate } = setAside;
  problems.push(...setAside.problems);
  const languageOnly = new Set(setAside.problems);
  const indexed = indexSchemaFiles(input.schemas);
  problems.push(...indexed.problems);
  const validateFunnelFile = formatValidator(
    FUNNEL_FORMAT_SCHEMA_ID,
    indexed.byId,
    options.compileValidator,
    problems,
  );
  const validateExamplesFile = formatValidator(
    EXAMPLES_FORMAT_SCHEMA_ID,
    indexed.byId,
    options.compileValidator,
    problems,
  );
  if (!validateFunnelFile || !validateExamplesFile)
    return { ok: false, problems: uniqueProblems(problems), toTranslate };

  const schemasUsed = new Map<string, ReadonlySet<string>>();
  const pageSchemas = loadPageSchemas(
    indexed.byId,
    compile,
    validators,
    problems,
    checkSchemaFiles(indexed.byId, problems),
    schemasUsed,
  );
  const schemaFilesOf = (pageSchemaId: string): SchemaFile[] =>
    [...(schemasUsed.get(pageSchemaId) ?? [])].flatMap((id) => {
      const entry = indexed.byId.get(id);
      return entry ? [entry] : [];
    });
  const context = {
    pageSchemas,
    schemaIds: indexed.declaredIds,
    compileValidator: compile,
    validators,
  };
  const loaded = loadFunnels(input.funnels, validateFunnelFile, context, schemaFilesOf, problems);

  const { evaluateCondition, validatePageSchema } = pageValidation(
    compile,
    options.words,
    validators,
    pageSchemas,
  );

  const examples = input.examples
    ? checkedExamples(input.examples, validateExamplesFile, loaded, pageSchemas, {
        evaluateCondition,
        validatePageSchema,
        options,
        problems,
      })
    : new Map<string, FunnelExample[]>();

  const parts = {
    byId: indexed.byId,
    words: options.words,
    pageSchemas,
    evaluateCondition,
    validatePageSchema,
    examples,
  };
  if (problems.length > 0) {
    const healthy = healthyFunnels(problems, loaded, languageOnly);
    return {
      ok: false,
      problems: uniqueProblems(problems),
      registry: registryOf({ ...parts, funnels: healthy }),
      toTranslate,
    };
  }

  return { ok: true, registry: registryOf({ ...parts, funnels: loaded.funnels }), toTranslate };
}

/**
 * The funnels with no problem of their own. A funnel is faulty if a problem is in its file or
 * its examples file (both named after it), or if it uses a schema that failed (loadFunnels
 * marked it broken); a problem of a translation only costs its language, not the funnel.
 */
function healthyFunnels(
  problems: readonly Problem[],
  loaded: LoadedFunnels,
  languageOnly: ReadonlySet<Problem>,
): Map<string, Funnel> {
  const faulty = new Set(loaded.broken);
  for (const problem of problems) {
    if (!loaded.languageOnly.has(problem) && !languageOnly.has(problem))
      faulty.add(idFromFileName(problem.file, '.json') ?? '');
  }
  return new Map([...loaded.funnels].filter(([funnelId]) => !faulty.has(funnelId)));
}

/** Every funnel's examples, checked (and proved completable when sample answers are given). */
function checkedExamples(
  files: Record<string, unknown>,
  validateExamplesFile: ValidateFn,
  loaded: LoadedFunnels,
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>,
  checks: Pick<ReturnType<typeof pageValidation>, 'evaluateCondition' | 'validatePageSchema'> & {
    options: RegistryOptions;
    problems: Problem[];
  },
): Map<string, FunnelExample[]> {
  const { evaluateCondition, validatePageSchema, options, problems } = checks;
  return loadExamples(
    files,
    validateExamplesFile,
    loaded,
    evaluateCondition,
    validatePageSchema,
    problems,
    options.sampleAnswers &&
      completabilityProver(options.sampleAnswers, loaded, pageSchemas, {
        evaluateCondition,
        validatePageSchema,
      }),
    options.exampleChecksMemo,
    pageSchemas,
  );
}

/** Proves a funnel completable, with its problems against the funnel file. */
function completabilityProver(
  sample: SampleAnswers,
  loaded: LoadedFunnels,
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>,
  validation: Pick<ReturnType<typeof pageValidation>, 'evaluateCondition' | 'validatePageSchema'>,
) {
  return (funnel: Funnel, examples: FunnelExample[], examplesFile: string): Problem[] => {
    const file = loaded.files.get(funnel.funnelId)!;
    return checkCompletability({
      funnel,
      examples,
      examplesFile,
      schemaOf: (page) => pageSchemas.get(page.schema)!,
      validatePage: validation.validatePageSchema,
      evaluate: validation.evaluateCondition,
      sample,
    }).map((problem) => ({ file, ...problem }));
  };
}

/** Condition evaluation and page validation over compiled validators (compiled on first use). */
function pageValidation(
  compile: CompileInWords,
  words: ValidationWords,
  validators: Map<string, ValidateFn>,
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>,
) {
  const validatorFor = (key: string, schema: object): ValidateFn => {
    let validate = validators.get(key);
    if (!validate) {
      validate = compile(key, schema);
      validators.set(key, validate);
    }
    return validate;
  };
  const evaluateCondition: ConditionEvaluator = (condition, answersSoFar) =>
    validatorFor(condition.key, condition.when)(answersSoFar).valid;
  const validatePageSchema = (page: FunnelPage, pageAnswers: unknown): ValidationResult => {
    const validate = validators.get(pageSchemaKey(page.schema));
    const schema = pageSchemas.get(page.schema);
    if (!validate || !schema) {
      throw new Error(`page "${page.pageId}" uses unknown schema "${page.schema}"`);
    }
    const result = validate(pageAnswers);
    const extra = [
      ...unknownAnswerErrors(pageAnswers, schema, words),
      ...hiddenCharacterErrors(pageAnswers, schema, words),
    ];
    if (extra.length === 0) return result;
    return { valid: false, errors: [...result.errors, ...extra] };
  };
  return { evaluateCondition, validatePageSchema };
}

interface RegistryParts {
  funnels: ReadonlyMap<string, Funnel>;
  byId: ReadonlyMap<string, SchemaFile>;
  /** The registry's words: its messages' default word for a claim among them. */
  words: ValidationWords;
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>;
  evaluateCondition: ConditionEvaluator;
  validatePageSchema: (page: FunnelPage, pageAnswers: unknown) => ValidationResult;
  examples: ReadonlyMap<string, FunnelExample[]>;
}

function registryOf(parts: RegistryParts): FunnelRegistry {
  const { funnels, byId: indexedById, pageSchemas, evaluateCondition, validatePageSchema } = parts;
  const indexed = { byId: indexedById };
  const examples = parts.examples;
  const navigators = new Map<string, FunnelNavigator>();
  const isPageValid: PageValidityCheck = (page, pageAnswers) =>
    validatePageSchema(page, pageAnswers).valid;
  const registry: FunnelRegistry = {
    listFunnels: () => [...funnels.values()],
    getFunnel: (funnelId) => funnels.get(funnelId),
    getPage: (funnelId, pageId) =>
      funnels.get(funnelId)?.pages.find((page) => page.pageId === pageId),
    getPageSchema: (schemaId) =>
      isFormatSchema(schemaId) ? undefined : indexed.byId.get(schemaId)?.schema,
    bundlePageSchema: (schemaId) => pageSchemas.get(schemaId),
    validatePage: (funnelId, pageId, pageAnswers) => {
      const page = registry.getPage(funnelId, pageId);
      if (!page) throw new Error(`funnel "${funnelId}" has no page "${pageId}"`);
      // A shared schema's messages name the claim in this funnel's words.
      const words = funnelSchemaWords(funnels.get(funnelId)!, parts.words('claim.noun'));
      return resultInWords(validatePageSchema(page, pageAnswers), words);
    },
    normalisePage: (funnelId, pageId, pageAnswers) => {
      const page = registry.getPage(funnelId, pageId);
      const schema = page && pageSchemas.get(page.schema);
      if (!schema) throw new Error(`funnel "${funnelId}" has no page "${pageId}"`);
      return normaliseAnswers(pageAnswers, schema);
    },
    evaluateCondition,
    isPageValid,
    getExamples: (funnelId) => examples.get(funnelId) ?? [],
    navigator: (funnelId) => {
      const funnel = funnels.get(funnelId);
      if (!funnel) return undefined;
      let navigator = navigators.get(funnelId);
      if (!navigator) {
        navigator = navigatorFor(funnel, evaluateCondition, isPageValid);
        navigators.set(funnelId, navigator);
      }
      return navigator;
    },
  };
  return registry;
}

/**
 * The registry of files `funnels:check` and the build already checked: schemas are bundled
 * and compiled (a bundle that fails is still reported), funnels are taken as they are. A
 * bundle that calls only this (the browser's production build) ships none of the checks.
 */
export function createPrecheckedRegistry(
  input: RegistryInput,
  options: Pick<RegistryOptions, 'compileValidator' | 'words'>,
): RegistryResult {
  const compile = inWords(options);
  const { byId, problems } = indexSchemaFiles(input.schemas);
  const validators = new Map<string, ValidateFn>();
  // The files' checks ran at build time: the browser ships none of them.
  const pageSchemas = loadPageSchemas(byId, compile, validators, problems, new Set());
  if (problems.length > 0) return { ok: false, problems: uniqueProblems(problems) };
  const funnels = new Map<string, Funnel>();
  for (const data of Object.values(input.funnels)) {
    // A prechecked registry takes files funnels:check and the build already held to the funnel format.
    const funnel = data as Funnel;
    funnels.set(funnel.funnelId, funnel);
  }
  return {
    ok: true,
    registry: registryOf({
      funnels,
      byId,
      words: options.words,
      pageSchemas,
      ...pageValidation(compile, options.words, validators, pageSchemas),
      examples: new Map(),
    }),
  };
}
