/**
 * A screen's words are said when it is drawn, in the language the page is read in then: a
 * message said once at module scope (`const TITLE = shellText('…')`) would stay in the language
 * the module loaded in after the claimant switches.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../runtime/projectFiles';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** A top-level binding whose value is a message said at once (a reader's call or the site's). */
const SAID_AT_LOAD = /^(export )?(const|let) \w+ = (\w+Text|siteContent)\(/;

describe('words said when a screen is drawn', () => {
  it('says no message at module scope in src/app', () => {
    const found = sourceFiles(path.join(projectRoot, 'src/app')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          SAID_AT_LOAD.test(line) ? [`${path.relative(projectRoot, file)}:${i + 1}: ${line}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
