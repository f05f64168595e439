/**
 * The load-time checks of one funnel that its format schema cannot express: references to
 * schemas and pages, branching conditions, loops, unreachable pages, uiSchema field names.
 */
import { findCycles, findUnreachablePages } from '../pages/funnelGraph';
import { pointerOf } from '../schema/jsonPointer';
import { isTerminalPage } from '../pages/navigation';
import { isFormatSchema } from '../schema/schemaFiles';
import { checkUiSchema } from './uiSchemaCheck';
import { checkRoles } from './roleChecks';
import {
  SchemaCompileError,
  type CompileInWords,
  type Funnel,
  type JsonSchemaObject,
  type ValidateFn,
} from '../types';
import { conditionKey } from '../schema/validatorKeys';
import { errorMessageOf } from '../../contract';

/** What checking a funnel needs from the registry being built. */
export interface FunnelCheckContext {
  /** Bundled page schemas that compiled, by `$id`. */
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>;
  /** Every schema `$id` seen, including ones with problems of their own (not reported twice). */
  schemaIds: ReadonlySet<string>;
  compileValidator: CompileInWords;
  /** Receives each compiled condition, by its key. */
  validators: Map<string, ValidateFn>;
}

/** A problem inside the funnel file being checked. */
interface FunnelProblem {
  pointer: string;
  message: string;
}

function checkPageIds(funnel: Funnel): FunnelProblem[] {
  const problems: FunnelProblem[] = [];
  const seen = new Map<string, number>();
  funnel.pages.forEach((page, i) => {
    const first = seen.get(page.pageId);
    if (first !== undefined) {
      problems.push({
        pointer: pointerOf('pages', i, 'pageId'),
        message: `pageId "${page.pageId}" is already used by page ${first}`,
      });
    } else {
      seen.set(page.pageId, i);
    }
  });
  return problems;
}

function checkPageSchemas(funnel: Funnel, context: FunnelCheckContext): FunnelProblem[] {
  const problems: FunnelProblem[] = [];
  funnel.pages.forEach((page, i) => {
    if (!context.schemaIds.has(page.schema) || isFormatSchema(page.schema)) {
      problems.push({
        pointer: pointerOf('pages', i, 'schema'),
        message: `unknown page schema "${page.schema}" (no schemas/${page.schema}.schema.json)`,
      });
      return;
    }
    const schema = context.pageSchemas.get(page.schema);
    // The gateway refuses a claim sent without a signature: a sign page must ask for one.
    if (schema && page.kind === 'review-and-sign' && !asksForSignature(schema)) {
      problems.push({
        pointer: pointerOf('pages', i, 'schema'),
        message: `page "${page.pageId}" is the review-and-sign page, but its schema "${page.schema}" asks for no signature, so no claim could be sent: give it a required "signature" field ("$ref": "signature#/properties/signature")`,
      });
    }
    if (schema && page.uiSchema) {
      for (const problem of checkUiSchema(page.uiSchema, schema)) {
        problems.push({
          pointer: pointerOf('pages', i, 'uiSchema') + problem.pointer,
          message: problem.message,
        });
      }
    }
  });
  return problems;
}

/** Whether a (bundled) page schema requires a `signature` field. */
function asksForSignature(schema: JsonSchemaObject): boolean {
  const required = Array.isArray(schema.required) ? schema.required : [];
  // JSON Schema properties is an object of subschemas; only a key is looked up.
  const properties = schema.properties as Record<string, unknown> | undefined;
  return required.includes('signature') && properties?.signature !== undefined;
}

function checkRules(funnel: Funnel, context: FunnelCheckContext): FunnelProblem[] {
  const problems: FunnelProblem[] = [];
  const pageIds = new Set(funnel.pages.map((page) => page.pageId));
  funnel.pages.forEach((page, i) => {
    const rules = page.next ?? [];
    if (rules.length > 0 && isTerminalPage(page)) {
      problems.push({
        pointer: pointerOf('pages', i, 'next'),
        message: `a ${page.kind} page ends the claim, so its next rules are never used`,
      });
      return;
    }
    const alwaysRule = rules.findIndex((rule) => rule.when === undefined);
    rules.forEach((rule, j) => {
      if (alwaysRule !== -1 && j > alwaysRule) {
        problems.push({
          pointer: pointerOf('pages', i, 'next', j),
          message: `never used: rule ${alwaysRule} has no "when", so it always matches first`,
        });
      }
      if (!pageIds.has(rule.goto)) {
        problems.push({
          pointer: pointerOf('pages', i, 'next', j, 'goto'),
          message: `goes to unknown page "${rule.goto}"`,
        });
      }
      if (rule.when !== undefined) {
        const key = conditionKey(funnel, i, j);
        try {
          context.validators.set(key, context.compileValidator(key, rule.when));
        } catch (error) {
          const inner = error instanceof SchemaCompileError ? error.pointer : '';
          problems.push({
            pointer: pointerOf('pages', i, 'next', j, 'when') + inner,
            message: errorMessageOf(error) ?? String(error),
          });
        }
      }
    });
  });
  return problems;
}

function checkRoutes(funnel: Funnel): FunnelProblem[] {
  const problems: FunnelProblem[] = [];
  const signPages = funnel.pages.filter((page) => page.kind === 'review-and-sign');
  for (const cycle of findCycles(funnel)) {
    problems.push({
      pointer: cycle.edge.pointer,
      message: `loops back: ${cycle.pageIds.join(' → ')}`,
    });
  }
  const firstPageId = funnel.pages[0].pageId;
  // A goto to no page is reported at the rule; the pages it was meant to reach are not
  // reported as unreachable too (one root cause, one line).
  const pageIds = new Set(funnel.pages.map((page) => page.pageId));
  const unknownGoto = funnel.pages.some((page) =>
    (page.next ?? []).some((rule) => !pageIds.has(rule.goto)),
  );
  for (const index of unknownGoto ? [] : findUnreachablePages(funnel)) {
    problems.push({
      pointer: pointerOf('pages', index),
      message: `page "${funnel.pages[index]!.pageId}" cannot be reached from the first page "${firstPageId}"`,
    });
  }
  // The path ends at the last page whatever it is: a question there leaves claimants stuck.
  const lastIndex = funnel.pages.length - 1;
  const last = funnel.pages[lastIndex]!;
  const hasEnd = signPages.length > 0; // else that one line says it all
  if (hasEnd && !isTerminalPage(last) && !(last.next ?? []).some((r) => r.when === undefined)) {
    problems.push({
      pointer: pointerOf('pages', lastIndex),
      message: `page "${last.pageId}" is the last page but is neither review-and-sign nor exit, so claimants who reach it cannot go on: give it "kind", or "next" rules`,
    });
  }
  if (signPages.length === 0) {
    problems.push({
      pointer: pointerOf('pages'),
      message: 'no page has kind "review-and-sign", so no claim can be signed',
    });
  }
  return problems;
}

/**
 * What the claimant signs (a letter of authority, a declaration or the owner's own document,
 * by its `kind`) is shown and signed only on the page that ends the claim, and the
 * gateway stores the one letter of the funnel: anywhere else it would never be seen, and two
 * sign pages with different letters would leave it unclear which one a claimant signed.
 */
function checkLetters(funnel: Funnel): FunnelProblem[] {
  const problems: FunnelProblem[] = [];
  const letters = new Set<string>();
  funnel.pages.forEach((page, i) => {
    if (!page.letterOfAuthority) return;
    if (page.kind !== 'review-and-sign') {
      problems.push({
        pointer: pointerOf('pages', i, 'letterOfAuthority'),
        message: 'a letter of authority is only shown on a review-and-sign page',
      });
      return;
    }
    // Every sentence around the document names it by its kind; only the owner's own
    // document has no name the platform can give it.
    const { kind = 'authority', name } = page.letterOfAuthority;
    if (kind === 'own' && !name) {
      problems.push({
        pointer: pointerOf('pages', i, 'letterOfAuthority'),
        message:
          'a document of kind "own" needs a "name": what the claimant calls it in a sentence, in lower case, for example "name": "consent form"',
      });
    }
    if (kind !== 'own' && name !== undefined) {
      problems.push({
        pointer: pointerOf('pages', i, 'letterOfAuthority', 'name'),
        message: `a "name" is only for a document of kind "own": a ${kind === 'authority' ? 'letter of authority' : 'declaration'} is named by the platform, in every language`,
      });
    }
    letters.add(JSON.stringify(page.letterOfAuthority));
    if (letters.size > 1) {
      problems.push({
        pointer: pointerOf('pages', i, 'letterOfAuthority'),
        message: 'every review-and-sign page of a funnel must show the same letter of authority',
      });
    }
  });
  return problems;
}

/** Every problem of a funnel that already matches the funnel format schema. */
export function checkFunnel(funnel: Funnel, context: FunnelCheckContext): FunnelProblem[] {
  return [
    ...checkPageIds(funnel),
    ...checkPageSchemas(funnel, context),
    ...checkRules(funnel, context),
    ...checkRoutes(funnel),
    ...checkLetters(funnel),
    ...checkRoles(funnel, context.pageSchemas),
  ];
}
