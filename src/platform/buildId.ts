import { browserEnv } from '../browserEnv';

/** The running bundle's build id, as written to `builds/latest.json` by the build. */
export const currentBuildId: string = browserEnv.buildId;
