import { describe, expect, it } from 'vitest';
import { durationText } from '../../../../src/app/pages/staff/durationText';

describe('durationText', () => {
  it('says a time on a page as a person would, with the language’s own units', () => {
    expect(durationText(0.4)).toBe('0 secs');
    expect(durationText(45)).toBe('45 secs');
    expect(durationText(60)).toBe('1 min');
    expect(durationText(125)).toBe('2 mins 5 secs');
    expect(durationText(3600)).toBe('1 hr');
    expect(durationText(4200)).toBe('1 hr 10 mins');
    expect(durationText(3 * 86_400)).toBe('3 days');
  });
});
