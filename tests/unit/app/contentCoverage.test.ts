import { describe, expect, it } from 'vitest';
import { findHardCodedTextIn, findSentencesInCodeIn } from '../../support/hardCodedText';

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
  'src/app/locale',
];

/**
 * The folders of code (`.ts`) whose every sentence a person reads comes from a content file:
 * the gateway's (src/content/messages/gateway.en-GB.json), the store's and platform's, which say
 * which sentence and leave the words to the screen, and the runtime's validation, whose
 * messages are src/content/messages/validation.en-GB.json's, passed in by whoever validates. Only
 * what `isForDevelopers` in tests/support/hardCodedText.ts describes (a plain Error's
 * message, a log line, an error's operator `detail`) may be written there.
 */
const CODE_FOLDERS = ['src/gateway', 'src/store', 'src/platform', 'src/runtime/validation'];

describe('words in content files', () => {
  it.each(COVERED_FOLDERS)('%s has no English written in its components', (folder) => {
    const found = findHardCodedTextIn(folder).map(
      ({ file, line, text }) => `${file}:${line}: ${JSON.stringify(text)}`,
    );
    expect(found, `move these to the folder's content file:\n${found.join('\n')}`).toEqual([]);
  });

  it.each(CODE_FOLDERS)('%s writes no sentence a person reads', (folder) => {
    const found = findSentencesInCodeIn(folder).map(
      ({ file, line, text }) => `${file}:${line}: ${JSON.stringify(text)}`,
    );
    expect(found, `move these to a content file:\n${found.join('\n')}`).toEqual([]);
  });
});
