import { describe, expect, it } from 'vitest';
import { validatePayload } from '../../../src/gateway/call/payloadValidation';

describe('validatePayload', () => {
  it('accepts a payload that matches its function schema', () => {
    expect(
      validatePayload('confirmUserExists', { email: 'a@example.com', phoneNumber: '07700900123' }),
    ).toEqual([]);
  });

  it('names a missing field, an unexpected field and a badly formatted one', () => {
    expect(validatePayload('confirmUserExists', { email: 'nope', extra: 1 })).toEqual(
      expect.arrayContaining([
        { field: 'data.phoneNumber', message: 'is required' },
        { field: 'data.extra', message: 'is not allowed' },
        { field: 'data.email', message: 'must match format "email"' },
      ]),
    );
  });

  it('refuses a missing payload', () => {
    expect(validatePayload('getProfile', undefined)).toEqual([
      { field: 'data', message: 'is required' },
    ]);
  });

  it('names nested fields by their dotted path', () => {
    const fields = validatePayload('saveAnswers', {
      funnelId: 'vehicle-claim',
      pageId: 'start',
      answers: {},
      referral: { utmSource: 5 },
    });
    expect(fields).toEqual([{ field: 'data.referral.utmSource', message: 'must be string' }]);
  });
});
