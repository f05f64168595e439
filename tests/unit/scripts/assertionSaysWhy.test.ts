/**
 * Lint refuses a type assertion in src/ that does not say why it holds, and accepts one with
 * its reason on the line above or at the end of its line, and `as const`. The planted code is
 * linted as if it were a module of src/ (never written), through the repository's own config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const RULE = 'local/assertion-says-why';

async function refusals(code: string, file = 'src/runtime/planted.ts'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.line);
}

describe('every type assertion in src says why', () => {
  it('refuses an assertion with no comment, in either syntax', async () => {
    const code = [
      'export const read = (raw: unknown) => raw as string;',
      'export const old = (raw: unknown) => <number>raw;',
      '',
    ].join('\n');
    expect(await refusals(code)).toEqual([1, 2]);
  });

  it('accepts a reason on the line above, at the end of the line, or above its statement', async () => {
    const code = [
      '// JSON.parse gives any; the text was written by this module.',
      'export const above = JSON.parse("1") as number;',
      'export const trailing = JSON.parse("2") as number; // written by this module too',
      '/* A block comment ending just above counts as well. */',
      'export const block = JSON.parse("3") as number;',
      '// The statement this assertion belongs to starts on the next line.',
      'export const spread = [',
      '  JSON.parse("4") as number,',
      '];',
      '',
    ].join('\n');
    expect(await refusals(code)).toEqual([]);
  });

  it('does not count a comment further away, nor one above a statement that began long before', async () => {
    const code = [
      '// This comment is about the line below it only.',
      'export const first = 1;',
      'export const far = JSON.parse("1") as number;',
      '// A reason for the list as a whole is too far from its fifth element.',
      'export const list = [',
      '  1,',
      '  2,',
      '  3,',
      '  JSON.parse("5") as number,',
      '];',
      '',
    ].join('\n');
    expect(await refusals(code)).toEqual([3, 9]);
  });

  it('lets `as const` pass without a comment', async () => {
    expect(await refusals("export const names = ['a', 'b'] as const;\n")).toEqual([]);
  });

  it('holds in every part of src/, tsx included', async () => {
    const code = 'export const read = (raw: unknown) => raw as string;\n';
    for (const file of ['src/app/planted.tsx', 'src/gateway/planted.ts', 'src/store/planted.ts']) {
      expect(await refusals(code, file), file).toEqual([1]);
    }
  });
});
