import { browserEnv } from '../browserEnv';

/**
 * Whether this build shows user ids on the developer pages (/examples, /ui-examples, /test):
 * the dev server and the local emulated stack do; a build for a real Firebase project
 * (npm run build, deploy) does not.
 */
export const showDeveloperPages: boolean = import.meta.env.DEV || browserEnv.usesEmulators;

/**
 * Whether the claimant's footer links those pages: only on the dev server (`npm start`),
 * where the people reading are the ones building the funnels. A production build, even one
 * on the local emulators (the test stack), keeps them at their addresses, unlinked.
 */
export const linkDeveloperPages: boolean = import.meta.env.DEV;
