import { describe, expect, it } from 'vitest';
import { cycleLine, findImportCycles } from '../../../scripts/lib/importCycles';
import { probeFolders } from '../../support/probeFolders';

/** A throwaway folder holding the given files. */
const probe = probeFolders('cycles');

describe('the import cycle check (npm run cycles:check)', () => {
  it('reports two files that import only each other’s types', async () => {
    const root = probe({
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    const cycles = await findImportCycles(root, ['*.ts']);
    expect(cycles).toHaveLength(1);
    expect([...cycles[0]!].sort()).toEqual(['a.ts', 'b.ts']);
    expect(cycleLine(cycles[0]!)).toMatch(/^(a|b)\.ts -> (b|a)\.ts -> \1\.ts$/);
  });

  it('counts a type re-export as an import', async () => {
    const root = probe({
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': "export type { A as B } from './a';\n",
    });
    expect(await findImportCycles(root, ['*.ts'])).toHaveLength(1);
  });

  it('passes imports that point one way', async () => {
    const root = probe({
      'types.ts': 'export interface A { name: string }\n',
      'a.ts': "import type { A } from './types';\nexport const a: A = { name: 'a' };\n",
      'b.ts':
        "import { a } from './a';\nimport type { A } from './types';\nexport const b: A = a;\n",
    });
    expect(await findImportCycles(root, ['*.ts'])).toEqual([]);
  });
});
