/**
 * Browser-app rules that need no browser: the build manifest format and the lazy-chunk reload guard.
 */
export * from './buildManifest';
export * from './reloadGuard';
