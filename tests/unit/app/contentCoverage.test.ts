import { describe, expect, it } from 'vitest';
import { findHardCodedTextIn } from '../../support/hardCodedText';

/**
 * The folders whose every word a person reads comes from a content file, so it can be edited
 * and translated without code. A folder moved to content files is added here, and stays so.
 */
const COVERED_FOLDERS = [
  'src/app/pages/staff',
  'src/app/pages/account',
  'src/app/pages/login',
  'src/app/layout',
  'src/app/pages/site',
  'src/app/form',
  'src/app/ui',
  'src/app/pages/saveAndReturn',
  'src/app/pages/examples',
];

describe('words in content files', () => {
  it.each(COVERED_FOLDERS)('%s has no English written in its components', (folder) => {
    const found = findHardCodedTextIn(folder).map(
      ({ file, line, text }) => `${file}:${line}: ${JSON.stringify(text)}`,
    );
    expect(found, `move these to the folder's content file:\n${found.join('\n')}`).toEqual([]);
  });
});
