import { createRegistry, type FunnelRegistry } from '../runtime/registry';

// Vite inlines every funnel and schema file; in `npm start` an edit to one reloads the page.
const funnels = import.meta.glob('/funnels/*.json', { eager: true, import: 'default' });
const schemas = import.meta.glob('/schemas/*.json', { eager: true, import: 'default' });

let registry: FunnelRegistry | undefined;

/**
 * The browser's registry, built once from the same JSON the gateway and the CLI use. A
 * broken funnel never reaches a claimant (funnels:check and the build fail first); in
 * development the problems are thrown so the error page and console name them.
 */
export function funnelRegistry(): FunnelRegistry {
  if (registry) return registry;
  const result = createRegistry({ funnels, schemas });
  if (!result.ok) {
    throw new Error(
      `Invalid funnels: ${result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('; ')}`,
    );
  }
  registry = result.registry;
  return registry;
}
