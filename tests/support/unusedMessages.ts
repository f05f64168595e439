import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The keys of a content file that no screen in `folders` (and their subfolders) names: a key is read as
 * `xText('key')` or named by `<MessageSentence message="key" />`, so a key that appears
 * nowhere in quotes in those folders' source is said by no screen.
 */
export function unusedMessageKeys(
  messages: Record<string, string>,
  folders: readonly string[],
): string[] {
  const source = folders
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => readFileSync(join(folder, name), 'utf8')),
    )
    .join('\n');
  return Object.keys(messages).filter(
    (key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`),
  );
}
