/**
 * Browser-app rules that need no browser: the build manifest format, the lazy-chunk reload
 * guard, retrying what failed to load, and waiting for the connection before a module loads.
 */
export * from './buildManifest';
export * from './routeRules';
export * from './pathPatterns';
export * from './reloadGuard';
export * from './retryUntilDone';
export * from './whenReachable';
