/**
 * A build's own files: which build is deployed (`builds/latest.json`) and its manifest, read
 * by the browser's build watching. The route rules they carry are in routeRules.ts.
 */
import { isRecord, parseRouteRules, type RouteRules } from './routeRules';

/** `builds/latest.json`: which build is deployed now. */
export interface LatestBuild {
  id: string;
  /** When the build was made, epoch ms. */
  timestamp: number;
}

/** `builds/meta/<buildId>.json`: one build's app manifest (scripts/vite-plugin-build-manifest.ts). */
export interface BuildManifest extends LatestBuild {
  routeRules: RouteRules;
  prerendered: string[];
}

/** Path of the latest-build file, relative to the app's base URL. */
export const LATEST_BUILD_PATH = 'builds/latest.json';

/** Path of one build's manifest, relative to the app's base URL. */
export function buildMetaPath(buildId: string): string {
  return `builds/meta/${encodeURIComponent(buildId)}.json`;
}

/** Reads `builds/latest.json` as fetched; null when it is not a latest-build record. */
export function parseLatestBuild(value: unknown): LatestBuild | null {
  if (!isRecord(value)) return null;
  const { id, timestamp } = value;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  return { id, timestamp };
}

/** Reads a fetched build manifest; null when it is not one. Invalid route rules are dropped. */
export function parseBuildManifest(value: unknown): BuildManifest | null {
  const latest = parseLatestBuild(value);
  if (!latest || !isRecord(value)) return null;
  const prerendered = Array.isArray(value.prerendered)
    ? value.prerendered.filter((path): path is string => typeof path === 'string')
    : [];
  return { ...latest, routeRules: parseRouteRules(value.routeRules).rules, prerendered };
}
