import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as constants from '../../../../src/runtime/constants';

const COOKIES_TABLE = readFileSync('src/app/pages/site/StoredInBrowser.tsx', 'utf8');

/** The names the runtime's constants keep things under in the browser (keys and prefixes). */
function namesInConstants(): string[] {
  return Object.entries(constants).flatMap(([name, value]) => {
    if (/STORAGE_(KEY|PREFIX)$/.test(name) && typeof value === 'string') return [value];
    if (/STORAGE_KEYS$/.test(name) && typeof value === 'object') {
      // One row lists a family of keys by what they share: `referral_…`.
      return Object.values(value).map((key) => String(key).replace(/_.*$/, '_'));
    }
    return [];
  });
}

/** The names the browser storage modules declare themselves: a key, a prefix, a database. */
function namesInStorageModules(): string[] {
  const folders = ['src/platform/browserStorage', 'src/platform/uploads'];
  return folders.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) => {
        const source = readFileSync(join(folder, name), 'utf8');
        const declared = [...source.matchAll(/const (?:STORAGE_KEY|DATABASE) = '([^']+)'/g)];
        const prefixes = [...source.matchAll(/`([A-Za-z]+:)\$\{/g)];
        return [...declared, ...prefixes].map((match) => match[1]!);
      }),
  );
}

describe('the cookies page', () => {
  it('lists everything the service keeps in the browser under the name it is kept under', () => {
    const names = [...new Set([...namesInConstants(), ...namesInStorageModules()])];
    // The modules this reads must still declare their names the way it finds them.
    expect(names).toEqual(
      expect.arrayContaining(['claimDraft:', 'claimLatest:', 'linkRequester', 'evidenceUploads']),
    );
    expect(names.filter((name) => !COOKIES_TABLE.includes(`'${name}`))).toEqual([]);
  });
});
