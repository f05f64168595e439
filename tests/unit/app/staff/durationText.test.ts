import { describe, expect, it } from 'vitest';
import { durationText } from '../../../../src/app/pages/staff/durationText';

describe('durationText', () => {
  it('says a time on a page as a person would', () => {
    expect(durationText(0.4)).toBe('0 s');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(60)).toBe('1 min');
    expect(durationText(125)).toBe('2 min 5 s');
    expect(durationText(3600)).toBe('1 h');
    expect(durationText(4200)).toBe('1 h 10 min');
    expect(durationText(3 * 86_400)).toBe('3 days');
  });
});
