import { beforeAll, describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import {
  adminAuth,
  callFunction,
  countDocuments,
  readDocument,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { expectInvalidArgument } from '../support/gatewayAssertions';

const startAnswers = examples[0]!.answers.start;

interface InvalidCase {
  name: string;
  data: unknown;
  /** The field the refusal must name. */
  field: string;
}

/** For each function: an extra property, a missing required one, a wrong type, and more. */
const invalidPayloads: Record<string, InvalidCase[]> = {
  confirmUserExists: [
    {
      name: 'an extra property',
      data: { email: 'a@example.com', phoneNumber: '07700 900982', isAdmin: true },
      field: 'data.isAdmin',
    },
    {
      name: 'a missing email',
      data: { phoneNumber: '07700 900982' },
      field: 'data.email',
    },
    {
      name: 'a missing phoneNumber',
      data: { email: 'a@example.com' },
      field: 'data.phoneNumber',
    },
    {
      name: 'an email of the wrong type',
      data: { email: 42, phoneNumber: '07700 900982' },
      field: 'data.email',
    },
    {
      name: 'an email that is not an email address',
      data: { email: 'not-an-email', phoneNumber: '07700 900982' },
      field: 'data.email',
    },
    { name: 'no data', data: null, field: 'data' },
  ],
  setUserContactDetails: [
    {
      name: 'an extra property',
      data: { phoneNumber: '07700 900982', email: 'a@example.com' },
      field: 'data.email',
    },
    { name: 'a missing phoneNumber', data: {}, field: 'data.phoneNumber' },
    {
      name: 'a phoneNumber of the wrong type',
      data: { phoneNumber: 7700900982 },
      field: 'data.phoneNumber',
    },
    {
      name: 'a phoneNumber that is too long',
      data: { phoneNumber: '0'.repeat(33) },
      field: 'data.phoneNumber',
    },
    { name: 'an array as data', data: ['07700 900982'], field: 'data' },
  ],
  getProfile: [
    { name: 'an extra property', data: { uid: 'someone-else' }, field: 'data.uid' },
    { name: 'data of the wrong type', data: 'x', field: 'data' },
  ],
  saveProfile: [
    {
      name: 'an extra property',
      data: {
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        phoneNumber: '07700 900982',
        isAdmin: true,
      },
      field: 'data.isAdmin',
    },
    {
      name: 'a missing email',
      data: { firstName: 'Sam', lastName: 'Jones', phoneNumber: '07700 900982' },
      field: 'data.email',
    },
    {
      name: 'a firstName of the wrong type',
      data: { firstName: 1, lastName: 'Jones', email: 'sam@example.com', phoneNumber: '07700' },
      field: 'data.firstName',
    },
    {
      name: 'a lastName over maxLength',
      data: {
        firstName: 'Sam',
        lastName: 'J'.repeat(101),
        email: 'sam@example.com',
        phoneNumber: '07700 900982',
      },
      field: 'data.lastName',
    },
  ],
  saveAnswers: [
    {
      name: 'an extra property',
      data: { funnelId: 'vehicle-claim', pageId: 'start', answers: startAnswers, userId: 'x' },
      field: 'data.userId',
    },
    {
      name: 'missing answers',
      data: { funnelId: 'vehicle-claim', pageId: 'start' },
      field: 'data.answers',
    },
    {
      name: 'a missing pageId',
      data: { funnelId: 'vehicle-claim', answers: startAnswers },
      field: 'data.pageId',
    },
    {
      name: 'answers of the wrong type',
      data: { funnelId: 'vehicle-claim', pageId: 'start', answers: 'x' },
      field: 'data.answers',
    },
    {
      name: 'a funnelId of the wrong type',
      data: { funnelId: 7, pageId: 'start', answers: startAnswers },
      field: 'data.funnelId',
    },
    {
      name: 'an unknown referral property',
      data: {
        funnelId: 'vehicle-claim',
        pageId: 'start',
        answers: startAnswers,
        referral: { utmSource: 'google', evil: true },
      },
      field: 'data.referral.evil',
    },
    {
      name: 'a referral value of the wrong type',
      data: {
        funnelId: 'vehicle-claim',
        pageId: 'start',
        answers: startAnswers,
        referral: { utmSource: 5 },
      },
      field: 'data.referral.utmSource',
    },
  ],
  getClaim: [
    {
      name: 'an extra property',
      data: { funnelId: 'vehicle-claim', userId: 'someone-else' },
      field: 'data.userId',
    },
    { name: 'a missing funnelId', data: {}, field: 'data.funnelId' },
    { name: 'a funnelId of the wrong type', data: { funnelId: ['x'] }, field: 'data.funnelId' },
  ],
  submitClaim: [
    {
      name: 'an extra property',
      data: { funnelId: 'vehicle-claim', force: true },
      field: 'data.force',
    },
    { name: 'a missing funnelId', data: {}, field: 'data.funnelId' },
    { name: 'a funnelId of the wrong type', data: { funnelId: 1 }, field: 'data.funnelId' },
  ],
  getMotorSpecs: [
    {
      name: 'an extra property',
      data: { registrationNumber: 'AB12CDE', make: 'Ford' },
      field: 'data.make',
    },
    { name: 'a missing registrationNumber', data: {}, field: 'data.registrationNumber' },
    {
      name: 'a registrationNumber of the wrong type',
      data: { registrationNumber: 12 },
      field: 'data.registrationNumber',
    },
    {
      name: 'a registrationNumber that is too long',
      data: { registrationNumber: 'A'.repeat(17) },
      field: 'data.registrationNumber',
    },
  ],
  lookupAddress: [
    { name: 'an extra property', data: { postcode: 'SW1A 2AA', uprn: '1' }, field: 'data.uprn' },
    { name: 'a missing postcode', data: {}, field: 'data.postcode' },
    { name: 'a postcode of the wrong type', data: { postcode: 1 }, field: 'data.postcode' },
  ],
};

/** Nothing a refused call could have written for `user` exists. */
async function expectNothingWritten(user: TestUser) {
  expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  expect(await readDocument('users', user.uid)).toBeUndefined();
  expect((await adminAuth().getUser(user.uid)).phoneNumber).toBeUndefined();
}

describe.each(Object.entries(invalidPayloads))('%s payload validation', (functionName, cases) => {
  let user: TestUser;

  beforeAll(async () => {
    user = await signUpAnonymous();
  });

  it.each(cases)('refuses $name, naming $field, and writes nothing', async ({ data, field }) => {
    const error = expectInvalidArgument(await callFunction(user, functionName, data), field);
    expect(error.message).toContain(functionName);
    await expectNothingWritten(user);
  });
});
