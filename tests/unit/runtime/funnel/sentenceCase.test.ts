import { describe, expect, it } from 'vitest';
import { atSentenceStart, inSentence } from '../../../../src/runtime/funnel';

describe('a text placed in a sentence', () => {
  it('takes a small first letter inside a sentence, but keeps an acronym as written', () => {
    expect(inSentence('Email address')).toBe('email address');
    expect(inSentence('UK postcode')).toBe('UK postcode');
    expect(inSentence('MOT date')).toBe('MOT date');
    expect(inSentence('flight number')).toBe('flight number');
    expect(inSentence('')).toBe('');
  });

  it('takes a capital first letter to start one', () => {
    expect(atSentenceStart('appeal')).toBe('Appeal');
    expect(atSentenceStart('UK postcode')).toBe('UK postcode');
    expect(atSentenceStart('')).toBe('');
  });
});
