import { type Funnel, type FunnelRegistry } from '../../src/runtime/funnel';
import { versionContentOf, versionHash, type PublishedVersion } from '../../src/runtime/versions';
import { sha256Hasher } from '../../src/gateway/infra/contentHash';

/** A funnel as it stands in a checked registry, as a snapshot to publish. */
export function snapshotOf(funnel: Funnel, registry: FunnelRegistry): PublishedVersion {
  const content = versionContentOf(funnel, (schemaId) => registry.bundlePageSchema(schemaId));
  if (!content) throw new Error(`${funnel.funnelId}: a page schema is missing`);
  return {
    funnelId: funnel.funnelId,
    version: funnel.version,
    hash: versionHash(content, sha256Hasher),
    funnel: content.funnel,
    schemas: content.schemas,
    examples: [...registry.getExamples(funnel.funnelId)],
    schemaDescriptionsShown: true,
  };
}
