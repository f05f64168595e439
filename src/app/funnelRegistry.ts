import precompiledValidators from 'virtual:precompiled-validators/registry';
import { createAjvCompileValidator } from '../runtime/ajvValidation';
import { createPrecompiledCompileValidator } from '../runtime/precompiledValidation';
import { createRegistry, type FunnelRegistry } from '../runtime/registry';
import type { CompileValidator, ValidateFn } from '../runtime/types';
import { pageSchemaKey } from '../runtime/validatorKeys';

// Vite inlines every funnel and schema file; in `npm start` an edit to one reloads the page.
const funnels = import.meta.glob('/funnels/*.json', { eager: true, import: 'default' });
const schemas = import.meta.glob('/schemas/*.json', { eager: true, import: 'default' });

let registry: FunnelRegistry | undefined;
let compileValidator: CompileValidator | undefined;

/**
 * A build looks validators up among those precompiled from these same files (no AJV
 * compiler shipped, no `unsafe-eval`); the dev server compiles them at run time.
 */
function validatorCompiler(): CompileValidator {
  compileValidator ??= precompiledValidators
    ? createPrecompiledCompileValidator(precompiledValidators)
    : createAjvCompileValidator();
  return compileValidator;
}

/**
 * The browser's registry, built once from the same JSON the gateway and the CLI use. A
 * broken funnel never reaches a claimant (funnels:check and the build fail first); in
 * development the problems are thrown so the error page and console name them.
 */
export function funnelRegistry(): FunnelRegistry {
  if (registry) return registry;
  const result = createRegistry({ funnels, schemas }, { compileValidator: validatorCompiler() });
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
