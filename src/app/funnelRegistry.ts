import {
  compileOncePerKey,
  createPrecheckedRegistry,
  createRegistry,
  formatProblem,
  pageSchemaKey,
  problemsOfFunnel,
  type CompileValidator,
  type FunnelRegistry,
  type Problem,
  type ValidateFn,
} from '../runtime/funnel';
import registryFiles from 'virtual:registry-files';
import { createCompileValidator } from './validators';

export { allValidatorsLoaded, loadAllValidators } from './validators';

// Every funnel and schema file (scripts/vite-plugin-registry-files.ts); in `npm start` adding
// or editing one reloads the page.
const { funnels, schemas, examples, problems: unreadable } = registryFiles;

let registry: FunnelRegistry | undefined;
let compileValidator: CompileValidator | undefined;

/** The browser's one validator compiler (each schema key compiled or looked up once). */
export function validatorCompiler(): CompileValidator {
  compileValidator ??= compileOncePerKey(createCompileValidator());
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
    : createRegistry({ funnels, schemas, examples }, { compileValidator: validatorCompiler() });
  // A file that is not JSON (development only: a build refuses it) comes first: what the
  // registry says about the funnels and pages that miss it follows from it.
  const found = [...unreadable, ...(result.ok ? [] : result.problems)];
  problems = found;
  const text = found.map(formatProblem).join('\n');
  if (!result.registry) throw new Error(`Invalid funnels or schemas:\n${text}`);
  if (found.length > 0) {
    console.error(`Funnels with problems are left out until they are fixed:\n${text}`);
  }
  registry = result.registry;
  return registry;
}

/**
 * The problems that keep a funnel out of the registry (development only): those in its file,
 * its examples file, or a schema file one of its pages names. Empty for a working funnel.
 */
export function funnelProblems(funnelId: string): readonly Problem[] {
  const current = funnelRegistry();
  return problemsOfFunnel(funnelId, { funnels, problems, registry: current });
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
