import { describe, expect, it } from 'vitest';
import { projectRegistry } from '../projectFiles';

const registry = projectRegistry();

describe('normalisePage', () => {
  it('tidies the postcode and registration fields the schemas mark, and nothing else', () => {
    expect(
      registry.normalisePage('vehicle-claim', 'address', {
        addressLine1: '10 downing street',
        town: 'london',
        postcode: 'bs1 5tr',
        yearsAtAddress: '3-or-more',
      }),
    ).toEqual({
      addressLine1: '10 downing street',
      town: 'london',
      postcode: 'BS1 5TR',
      yearsAtAddress: '3-or-more',
    });
    expect(
      registry.normalisePage('diesel-emissions', 'vehicle', {
        registrationNumber: 'kx15 abc',
        model: 'golf',
      }),
    ).toEqual({ registrationNumber: 'KX15 ABC', model: 'golf' });
  });

  it('reaches nested answers (a previous address)', () => {
    const answers = registry.normalisePage('vehicle-claim', 'address', {
      yearsAtAddress: 'less-than-3',
      previousAddress: { addressLine1: '1 High St', town: 'Bath', postcode: 'ba11aa' },
    });
    expect((answers.previousAddress as { postcode: string }).postcode).toBe('BA1 1AA');
  });
});
