import {
  createPrecheckedRegistry,
  createRegistry,
  pageSchemaKey,
  type CompileValidator,
  type FunnelRegistry,
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

/**
 * The browser's registry, built once from the same JSON the gateway and the CLI use. A
 * broken funnel never reaches a claimant (funnels:check and the build fail first, so a
 * production bundle does not check again); in development every check runs and the
 * problems are thrown so the error page and console name them.
 */
export function funnelRegistry(): FunnelRegistry {
  if (registry) return registry;
  // A constant in a build, so the production bundle holds no checking code at all.
  const result = import.meta.env.PROD
    ? createPrecheckedRegistry({ funnels, schemas }, { compileValidator: validatorCompiler() })
    : createRegistry({ funnels, schemas }, { compileValidator: validatorCompiler() });
  if (!result.ok) {
    throw new Error(
      `Invalid funnels: ${result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('; ')}`,
    );
  }
  registry = result.registry;
  return registry;
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
