/**
 * Browser-app rules that need no browser: the build manifest format, the lazy-chunk reload
 * guard, retrying what failed to load, waiting for the connection before a module loads, and
 * the rules of a resumable upload to Cloud Storage.
 */
export * from './buildManifest';
export * from './routeRules';
export * from './pathPatterns';
export * from './reloadGuard';
export * from './retryUntilDone';
export * from './whenReachable';
export * from './resumableUpload';
