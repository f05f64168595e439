import { describe, expect, it } from 'vitest';
import { modulesUnder, topLevelEffects } from '../../../scripts/lib/topLevelEffects';
import { probeFolders } from '../../support/probeFolders';

/** A throwaway folder holding the given modules. */
const probe = probeFolders('effects');

const flagged = async (files: Record<string, string>) =>
  (await topLevelEffects(probe(files))).map((effect) => effect.module);

describe('the top-level effects check (npm run effects:check)', () => {
  it('accepts declarations, exports, imports and pure initialisers', async () => {
    const pure = {
      'limits.ts': 'export const LIMITS = { name: 200, url: 2000 } as const;\n',
      'pure.ts': [
        "import { LIMITS } from './limits';",
        "import type { Thing } from './types';",
        'export const nameLimit = LIMITS.name;',
        "export const KINDS = new Set(['a', 'b']);",
        'export function clip(text: string): string { return text.slice(0, nameLimit); }',
        'export class Box { value = 1; }',
        'export type Alias = Thing;',
      ].join('\n'),
      'types.ts': 'export interface Thing { a: number }\n',
    };
    expect(await flagged(pure)).toEqual([]);
  });

  it('refuses a module that registers itself, writes a global or calls a function at its top', async () => {
    const found = await topLevelEffects(
      probe({
        'registry.ts': 'export const handlers: string[] = [];\n',
        'registers.ts': "import { handlers } from './registry';\nhandlers.push('mine');\n",
        'global.ts': '(globalThis as { ready?: boolean }).ready = true;\n',
        'calls.ts':
          "import { configure } from 'some-package';\nexport const settings = configure({ strict: true });\n",
        'pure.ts': 'export const one = 1;\n',
      }),
    );
    expect(found.map((effect) => effect.module)).toEqual(['calls.ts', 'global.ts', 'registers.ts']);
    expect(found.find((effect) => effect.module === 'registers.ts')?.kept).toContain('push');
  });

  it('accepts a call its author marked pure, and names a module by its own effect only', async () => {
    expect(
      await flagged({
        'marked.ts':
          "/* @__NO_SIDE_EFFECTS__ */\nfunction twice(n: number) { return n * 2; }\nexport const four = twice(2);\nexport const re = /* @__PURE__ */ new RegExp('a', 'u');\n",
        'effect.ts': "console.log('loaded');\nexport const x = 1;\n",
        'importer.ts': "import { x } from './effect';\nexport const y = x + 1;\n",
      }),
    ).toEqual(['effect.ts']);
  });

  it('reads every module of a folder, declaration files and tests aside', () => {
    const root = probe({ 'a.ts': '', 'b.tsx': '', 'c.d.ts': '', 'd.test.ts': '', 'e.json': '{}' });
    expect(modulesUnder(root)).toEqual(['a.ts', 'b.tsx']);
  });
});
