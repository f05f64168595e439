import { describe, expect, it } from 'vitest';
import { projectRegistry } from '../projectFiles';

const registry = projectRegistry();
const start = registry.getExamples('vehicle-claim')[0]!.answers.start as Record<string, unknown>;

describe('hidden and direction-changing characters in answers', () => {
  it.each([
    ['a right-to-left override', 'Sam\u202Eenoj'],
    ['a zero-width space', 'Sa\u200Bm'],
    ['a line separator', 'Sam\u2028Jones'],
    ['a byte-order mark', '\uFEFFSam'],
    ['a direction isolate', '\u2067Sam'],
    ['a zero-width joiner between letters', 'Sa\u200Dm'],
    ['an Arabic letter mark', 'Sam\u061C'],
  ])('refuses %s, naming the question', (_, firstName) => {
    const result = registry.validatePage('vehicle-claim', 'start', { ...start, firstName });
    expect(result.valid).toBe(false);
    const error = result.errors.find((found) => found.field === 'firstName');
    expect(error?.message).toMatch(/must not contain hidden or direction-changing characters/);
    expect(error?.message).not.toMatch(/^firstName/);
  });

  it('accepts the letters, accents, apostrophes, hyphens and emoji people do type', () => {
    for (const firstName of [
      'Siân',
      'Llŷr',
      "O'Neill",
      'O’Brien',
      'Anne-Marie',
      'Zoë 🙂',
      'Łukasz',
      'محمد',
      // A joiner between emoji draws one emoji, and hides nothing.
      'Sam 👩‍👩‍👧',
    ]) {
      const result = registry.validatePage('vehicle-claim', 'start', { ...start, firstName });
      expect(
        result.errors.filter((found) => found.field === 'firstName'),
        firstName,
      ).toEqual([]);
    }
  });
});
