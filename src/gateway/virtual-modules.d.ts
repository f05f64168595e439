/** The registry files, bundled by scripts/build-functions.ts (see BundledRegistryFiles). */
declare module 'virtual:registry-files' {
  import type { Problem } from '../runtime/funnel';
  const files: {
    funnels: Record<string, unknown>;
    schemas: Record<string, unknown>;
    examples: Record<string, unknown>;
    /** Files that are not JSON (a `--dev` build only; any other build refuses them). */
    problems: Problem[];
    /** True in a `--dev` build (`npm start`): a broken funnel is left out, the rest served. */
    servesBrokenFunnels: boolean;
  };
  export default files;
}
