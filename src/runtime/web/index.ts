/**
 * Browser-app rules that need no browser: the build manifest format, the lazy-chunk reload
 * guard, and retrying what failed to load.
 */
export * from './buildManifest';
export * from './pathPatterns';
export * from './reloadGuard';
export * from './retryUntilDone';
