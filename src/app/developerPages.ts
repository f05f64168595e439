import { browserEnv } from '../browserEnv';

/**
 * Whether this build links the developer pages (/examples, /ui-examples, /test) and shows
 * user ids on them: the dev server and the local emulated stack do; a build for a real
 * Firebase project (npm run build, deploy) does not.
 */
export const showDeveloperPages: boolean = import.meta.env.DEV || browserEnv.usesEmulators;
