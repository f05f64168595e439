import { DEV_BUILD_ID } from '../runtime/constants';

// Set by scripts/vite-plugin-build-manifest.ts through `define`; read as unknown so a build
// without the plugin (e.g. vitest) falls back to the dev id instead of `undefined`.
const injected: unknown = import.meta.env.VITE_BUILD_ID;

/** The running bundle's build id, as written to `builds/latest.json` by the build. */
export const currentBuildId: string =
  typeof injected === 'string' && injected !== '' ? injected : DEV_BUILD_ID;
