import { describe, expect, it } from 'vitest';
import {
  hasHiddenCharacters,
  NO_CONTROL_CHARACTERS,
  NOTE_CHARACTERS,
} from '../../../../src/runtime/contract';

/** One of each character refused, in the middle of a name. */
const HIDDEN = [
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a pop directional formatting', '\u202C'],
  ['a right-to-left isolate', '\u2067'],
  ['a pop directional isolate', '\u2069'],
  ['a zero-width space', '\u200B'],
  ['a zero-width non-joiner', '\u200C'],
  ['a zero-width joiner between letters', '\u200D'],
  ['a left-to-right mark', '\u200E'],
  ['a right-to-left mark', '\u200F'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a byte-order mark', '\uFEFF'],
  ['an Arabic letter mark', '\u061C'],
] as const;

/** What people do type: accents, apostrophes, hyphens, other scripts, emoji (joined ones too). */
const TYPED = [
  'Siân Llŷr',
  'Dafydd ap Gwilym',
  "O'Neill",
  'O’Brien',
  'Anne-Marie',
  'Zoë 🙂',
  'Łukasz Żółć',
  'محمد',
  'José García',
  'family 👩‍👩‍👧 and 🏳️‍🌈 and 👩🏽‍🚒',
  '',
];

const line = new RegExp(NO_CONTROL_CHARACTERS, 'u');
const note = new RegExp(NOTE_CHARACTERS, 'u');

describe('hidden and direction-changing characters', () => {
  it.each(HIDDEN)('finds %s, and both request patterns refuse it', (_, character) => {
    for (const text of [`Sam${character}Jones`, `${character}Sam`, `Sam${character}`]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
      expect(line.test(text), JSON.stringify(text)).toBe(false);
      expect(note.test(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('accepts what people type, in the check and both patterns', () => {
    for (const text of TYPED) {
      expect(hasHiddenCharacters(text), text).toBe(false);
      expect(line.test(text), text).toBe(true);
      expect(note.test(text), text).toBe(true);
    }
  });

  it('keeps a joiner only between two emoji, not one hidden beside an emoji', () => {
    for (const text of ['🙂\u200DSam', 'Sam\u200D🙂', '\u200D🙂', '🙂\u200D']) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
      expect(line.test(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('lets a note run over lines, but not a one-line field', () => {
    expect(note.test('First line\r\nsecond\tline')).toBe(true);
    expect(line.test('First line\nsecond')).toBe(false);
  });
});
