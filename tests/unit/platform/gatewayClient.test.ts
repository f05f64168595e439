import { describe, expect, it } from 'vitest';
import { gatewayMessageOf } from '../../../src/platform/firebaseApp/gatewayClient';

describe('gatewayMessageOf', () => {
  it('takes off the HTTP status the Firebase SDK adds, and nothing else', () => {
    expect(
      gatewayMessageOf(
        'There is nothing to save yet: answer a question and continue, then try again [400]',
      ),
    ).toBe('There is nothing to save yet: answer a question and continue, then try again');
    expect(gatewayMessageOf('Backend error status: UNAVAILABLE [503]')).toBe(
      'Backend error status: UNAVAILABLE',
    );
    expect(gatewayMessageOf('Enter [1] of 3 [400]')).toBe('Enter [1] of 3');
    expect(gatewayMessageOf('Room [12] is full')).toBe('Room [12] is full');
  });
});
