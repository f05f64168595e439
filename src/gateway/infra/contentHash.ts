import { createHash } from 'node:crypto';
import type { ContentHasher } from '../../runtime/versions';

/** The hash funnel versions are named by: SHA-256 of their canonical JSON, as `sha256:<hex>`. */
export const sha256Hasher: ContentHasher = (text) =>
  `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
