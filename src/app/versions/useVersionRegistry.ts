import { useEffect, useState } from 'react';
import type { FunnelRegistry } from '../../runtime/funnel';
import type { FunnelVersions } from '../../runtime/versions';
import { funnelRegistry } from '../funnelRegistry';
import { loadFunnelVersions } from './funnelVersions';

type VersionRegistry =
  | { state: 'loading' }
  | { state: 'failed' }
  /** This build holds no such version (its snapshot was never published). */
  | { state: 'unknown' }
  | { state: 'ready'; registry: FunnelRegistry; versions: FunnelVersions | null };

/**
 * The registry that holds `funnelId` at `version`: the current registry at once for the
 * current version, else after the published snapshots load (a claim on an earlier version).
 */
export function useVersionRegistry(funnelId: string, version: number): VersionRegistry {
  const current = funnelRegistry();
  const isCurrent = current.getFunnel(funnelId)?.version === version;
  const [versions, setVersions] = useState<FunnelVersions | 'failed' | null>(null);
  useEffect(() => {
    if (isCurrent) return;
    let live = true;
    loadFunnelVersions().then(
      (loaded) => live && setVersions(loaded),
      () => live && setVersions('failed'),
    );
    return () => {
      live = false;
    };
  }, [isCurrent]);
  if (isCurrent) return { state: 'ready', registry: current, versions: null };
  if (versions === 'failed') return { state: 'failed' };
  if (!versions) return { state: 'loading' };
  const registry = versions.at(funnelId, version);
  return registry ? { state: 'ready', registry, versions } : { state: 'unknown' };
}
