import { describe, expect, it } from 'vitest';
import { withUntouchedFilled } from '../../../../src/app/form/renderers/useStepForm';

describe('withUntouchedFilled (a claim that loads while the first page is in use)', () => {
  const fill = { email: 'jane.doe@example.com', phone: '07700900123' };

  it('fills questions the claimant has not reached', () => {
    expect(withUntouchedFilled({}, fill, undefined)).toEqual(fill);
  });

  it('keeps what they typed, even an emptied field', () => {
    expect(withUntouchedFilled({ email: '' }, fill, undefined)).toEqual({
      email: '',
      phone: '07700900123',
    });
  });

  it('leaves the question they are in alone while it is still empty', () => {
    expect(withUntouchedFilled({}, fill, 'root_email')).toEqual({ phone: '07700900123' });
  });

  it('leaves a group alone while one of its fields has focus', () => {
    const address = { line1: '1 High St', postcode: 'SW1A 1AA' };
    expect(withUntouchedFilled({}, { address, email: 'a@b.co' }, 'root_address_postcode')).toEqual({
      email: 'a@b.co',
    });
  });

  it('is not fooled by a field whose name starts the same', () => {
    expect(
      withUntouchedFilled({}, { email: 'a@b.co', emailConfirm: 'a@b.co' }, 'root_emailConfirm'),
    ).toEqual({
      email: 'a@b.co',
    });
  });
});
