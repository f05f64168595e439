import { describe, expect, it } from 'vitest';
import { toE164UkMobile } from '../../../../src/runtime/claim';

describe('toE164UkMobile', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['+44 7700 900 123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['(07700) 900-123', '+447700900123'],
  ])('normalises %s to %s', (input, expected) => {
    expect(toE164UkMobile(input)).toBe(expected);
  });

  it.each(['020 7946 0000', '0770090012', '+1 202 555 0100', 'call me', ''])(
    'rejects %s',
    (input) => {
      expect(toE164UkMobile(input)).toBeNull();
    },
  );
});
