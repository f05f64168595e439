/**
 * Funnel versions: published snapshots (immutable, checked), the registry of each version a
 * claim can be on, and migrations of drafts between versions. A room of its own so the
 * browser's first page, which never needs an earlier version, does not carry it. Pure.
 */
export * from './publishedVersion';
export * from './migration';
export * from './funnelVersions';
