import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessagesModule, icuProblems, readMessages } from '../../../scripts/lib/icuMessages';

const fileOf = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'messages-')), 'area.en-GB.json');
  writeFileSync(file, content);
  return file;
};

describe('icuMessages', () => {
  it('names each message that is not ICU by its key', () => {
    expect(
      icuProblems(
        { good: 'Exported {count, plural, one {# claim} other {# claims}}', bad: 'Claims {count' },
        'en-GB',
      ),
    ).toEqual([expect.stringMatching(/^\/bad: not an ICU message: /)]);
  });

  it('refuses a file that is not an object of strings, naming the file', () => {
    expect(() => readMessages(fileOf('{'))).toThrow(/area\.en-GB\.json: not valid JSON/);
    expect(() => readMessages(fileOf('{"a": 1}'))).toThrow(/area\.en-GB\.json: must be an object/);
  });

  it('compiles a file to a module that imports only the runtime, and refuses a broken one', () => {
    const code = compileMessagesModule(
      fileOf('{"a": "{n, plural, one {# claim} other {# claims}}", "b": "Hello {who}"}'),
      'en-GB',
    );
    expect(code).toContain('export default');
    expect([...code.matchAll(/from "([^"]+)"/g)].map((match) => match[1])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^@messageformat\/runtime/)]),
    );
    expect(code).not.toMatch(/@messageformat\/(core|parser)/);
    expect(() => compileMessagesModule(fileOf('{"a": "{n, plural, one {#}"}'), 'en-GB')).toThrow(
      /area\.en-GB\.json: \/a: not an ICU message/,
    );
  });
});
