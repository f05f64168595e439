import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses to install when a dependency asks for a dist-tag ("latest") that has
 * moved on since the lock file was written: a clean CI machine then fails before any test
 * runs. Every such request must be pinned by an override in package.json.
 */
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  overrides?: Record<string, unknown>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
};

const isDistTag = (spec: string): boolean => /^[a-z][a-z0-9-]*$/i.test(spec);

describe('package-lock.json', () => {
  it('has no dependency on a moving dist-tag without an override pinning it', () => {
    const overrides = packageJson.overrides ?? {};
    const unpinned = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.entries(entry.dependencies ?? {})
        .filter(([name, spec]) => isDistTag(spec) && !(name in overrides))
        .map(([name, spec]) => `${path || '(root)'} → ${name}@${spec}`),
    );
    expect(unpinned).toEqual([]);
  });

  it('pins each override to an exact version that the lock file holds', () => {
    for (const [name, version] of Object.entries(packageJson.overrides ?? {})) {
      expect(typeof version, `override ${name}`).toBe('string');
      expect(lock.packages[`node_modules/${name}`]?.version, `override ${name}`).toBe(version);
    }
  });
});
