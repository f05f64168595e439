import { randomFillSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClaimReference } from '../../../../src/runtime/claim';

describe('createClaimReference', () => {
  it('reads as VC-XXXX-XXXX without characters that are easy to misread', () => {
    for (let i = 0; i < 200; i += 1) {
      const reference = createClaimReference((array) => randomFillSync(array));
      expect(reference).toMatch(/^VC-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      expect(reference.slice(3)).not.toMatch(/[0O1IL5S2Z]/);
    }
  });

  it('is derived from the random values it is given', () => {
    const zeros = createClaimReference((array) => array.fill(0));
    expect(zeros).toBe('VC-AAAA-AAAA');
  });

  it('rarely repeats', () => {
    const seen = new Set(
      Array.from({ length: 2000 }, () => createClaimReference((a) => randomFillSync(a))),
    );
    expect(seen.size).toBe(2000);
  });
});
