/**
 * The shapes the funnel runtime works with. Funnel file types are generated from
 * schemas/funnel.schema.json (see generated/funnel.ts); this module adds the runtime's own.
 */
import type {
  Funnel,
  FunnelMigration,
  FunnelPage,
  FunnelRoles,
  FunnelWording,
  PageKind,
} from './generated/funnel';
import type { Answers, PageAnswers, ValidationWords } from '../types';

export type { Funnel, FunnelMigration, FunnelPage, FunnelRoles, FunnelWording, PageKind };
/** A claim's answers (shared by every room, so they live in runtime/types). */
export type { Answers, PageAnswers };

/** A page schema, or any JSON Schema object, as parsed from JSON. */
export type JsonSchemaObject = Record<string, unknown>;

/** One invalid field, worded for the claimant. */
export interface FieldError {
  /** JSON pointer into the page answers, e.g. `/previousAddress/postcode`. */
  pointer: string;
  /** Dotted property path, e.g. `previousAddress.postcode`; empty for the page as a whole. */
  field: string;
  /** GOV.UK-style message, e.g. "Enter your email address". */
  message: string;
}

/** The outcome of validating data against one schema. */
export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/** A compiled schema: validates data, never throws. */
export type ValidateFn = ((data: unknown) => ValidationResult) & {
  /**
   * The same validator wording its errors from another copy of its schema and other words:
   * the same rules with other text, such as the schema read in another language
   * (localizeSchema) and that language's validation messages.
   */
  inWordsOf?: (schema: object, words: ValidationWords) => ValidateFn;
};

/**
 * Turns a schema into a validator whose errors are said in `words` (where the schema's
 * `x-errorMessages` say nothing). The one seam between the runtime and AJV: the default
 * (ajvCompiler.ts) compiles at run time; the browser can pass one that looks up AJV
 * standalone validators precompiled under the same `schemaKey` (see validatorKeys.ts).
 * Throws SchemaCompileError when the schema cannot be compiled.
 */
export type CompileValidator = (
  schemaKey: string,
  schema: object,
  words: ValidationWords,
) => ValidateFn;

/** A CompileValidator with its words given: how a registry, read in one language, compiles. */
export type CompileInWords = (schemaKey: string, schema: object) => ValidateFn;

/** A branching condition of a funnel, with the key its validator is compiled under. */
export interface ConditionRef {
  key: string;
  when: object;
}

/** Decides whether a `next` rule's `when` matches the answers so far. */
export type ConditionEvaluator = (condition: ConditionRef, answersSoFar: Answers) => boolean;

/** Decides whether one page's answers are valid for that page. */
export type PageValidityCheck = (page: FunnelPage, pageAnswers: PageAnswers) => boolean;

/** Something wrong in a funnel, schema or examples file, as `file: pointer: message`. */
export interface Problem {
  /** The file name the caller gave for the input, e.g. `funnels/vehicle-claim.json`. */
  file: string;
  /** JSON pointer into that file; empty for the file as a whole. */
  pointer: string;
  message: string;
}

/** Thrown by a CompileValidator when a schema is not a valid, compilable JSON Schema. */
export class SchemaCompileError extends Error {
  /** Where in the compiled schema the first fault is, as a JSON pointer. */
  readonly pointer: string;

  constructor(message: string, pointer = '') {
    super(message);
    this.name = 'SchemaCompileError';
    this.pointer = pointer;
  }
}
