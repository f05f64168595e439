import {
  createPrecheckedRegistry,
  createRegistry,
  formatProblem,
  pageSchemaKey,
  type CompileValidator,
  type FunnelRegistry,
  type Problem,
  type ValidateFn,
} from '../runtime/funnel';
import { createCompileValidator } from './validators';

export { allValidatorsLoaded, loadAllValidators } from './validators';

// Vite inlines every funnel and schema file; in `npm start` an edit to one reloads the page.
const funnels = import.meta.glob('/funnels/*.json', { eager: true, import: 'default' });
const schemas = import.meta.glob('/schemas/*.json', { eager: true, import: 'default' });

let registry: FunnelRegistry | undefined;
let compileValidator: CompileValidator | undefined;

function validatorCompiler(): CompileValidator {
  compileValidator ??= createCompileValidator();
  return compileValidator;
}

let problems: readonly Problem[] = [];

/**
 * The browser's registry, built once from the same JSON the gateway and the CLI use. A
 * broken funnel never reaches a claimant (funnels:check and the build fail first, so a
 * production bundle does not check again). In development every check runs: a broken funnel
 * breaks only itself (its pages name the problems, see funnelProblems), the others keep
 * working, and the console names every problem once.
 */
export function funnelRegistry(): FunnelRegistry {
  if (registry) return registry;
  // A constant in a build, so the production bundle holds no checking code at all.
  const result = import.meta.env.PROD
    ? createPrecheckedRegistry({ funnels, schemas }, { compileValidator: validatorCompiler() })
    : createRegistry({ funnels, schemas }, { compileValidator: validatorCompiler() });
  if (!result.ok) {
    // Files are named as funnels:check names them (relative to the project).
    problems = result.problems.map((problem) => ({
      ...problem,
      file: problem.file.replace(/^\//, ''),
    }));
    const text = problems.map(formatProblem).join('\n');
    if (!result.registry) throw new Error(`Invalid funnels or schemas:\n${text}`);
    console.error(`Funnels with problems are left out until they are fixed:\n${text}`);
    registry = result.registry;
    return registry;
  }
  registry = result.registry;
  return registry;
}

/**
 * The problems that keep a funnel out of the registry (development only): those in its file,
 * its examples file, or a schema file one of its pages names. Empty for a working funnel.
 */
export function funnelProblems(funnelId: string): readonly Problem[] {
  funnelRegistry();
  if (problems.length === 0) return [];
  const file = `funnels/${funnelId}.json`;
  const written = funnels[`/${file}`] as { pages?: Array<{ schema?: unknown }> } | undefined;
  const schemaFiles = new Set(
    (Array.isArray(written?.pages) ? written.pages : []).map(
      (page) => `schemas/${String(page?.schema)}.schema.json`,
    ),
  );
  return problems.filter(
    (problem) =>
      problem.file === file ||
      problem.file === `funnels/examples/${funnelId}.json` ||
      schemaFiles.has(problem.file),
  );
}

/**
 * The validator of a page schema that no funnel page uses, such as the component gallery's.
 * @throws Error when schemas/ has no such page schema.
 */
export function pageSchemaValidator(schemaId: string): ValidateFn {
  const schema = funnelRegistry().bundlePageSchema(schemaId);
  if (!schema) throw new Error(`no page schema "${schemaId}" in schemas/`);
  // The registry compiled this very schema object under this key, so this is a look-up.
  return validatorCompiler()(pageSchemaKey(schemaId), schema);
}
