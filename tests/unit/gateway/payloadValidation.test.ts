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

  it('refuses hidden or direction-changing characters in profile text and a reason, in words', () => {
    const refused = 'must not contain control characters, or hidden or direction-changing ones';
    expect(
      validatePayload('saveProfile', {
        firstName: 'Sam\u202Eenoj',
        lastName: 'Jo\u200Bnes',
        email: 'sam\u2066@example.com',
        phoneNumber: '07700\uFEFF900123',
      }),
    ).toEqual([
      { field: 'data.firstName', message: refused },
      { field: 'data.lastName', message: refused },
      { field: 'data.email', message: refused },
      { field: 'data.phoneNumber', message: refused },
    ]);
    expect(
      validatePayload('withdrawClaim', {
        funnelId: 'vehicle-claim',
        claimId: 'abc_vehicle-claim',
        reason: 'Changed my mind\u2028really',
      }),
    ).toEqual([{ field: 'data.reason', message: refused }]);
    expect(
      validatePayload('saveProfile', {
        firstName: 'Siân',
        lastName: "O'Neill-Jones 🙂",
        email: 'sian@example.com',
        phoneNumber: '07700 900123',
      }),
    ).toEqual([]);
  });
});
