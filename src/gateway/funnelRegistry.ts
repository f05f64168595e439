import registryFiles from 'virtual:registry-files';
import { createRegistry, type FunnelRegistry } from '../runtime/funnel';
import { createAjvCompileValidator } from '../runtime/validation/ajvCompiler';

let registry: FunnelRegistry | undefined;

/**
 * The registry built from the funnels and schemas bundled into this function at build time
 * (scripts/build-functions.ts), created once per instance. A broken funnel cannot be
 * deployed (the build and funnels:check fail first), so a failure here is a hard error.
 */
export function funnelRegistry(): FunnelRegistry {
  if (registry) return registry;
  const result = createRegistry(registryFiles, { compileValidator: createAjvCompileValidator() });
  if (!result.ok) {
    throw new Error(
      `The bundled funnels are invalid: ${result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('; ')}`,
    );
  }
  registry = result.registry;
  return registry;
}
