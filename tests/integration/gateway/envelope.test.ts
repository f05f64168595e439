import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayRequestSchemas } from '../../../src/runtime/contract';
import {
  GATEWAY_URL,
  callFunction,
  callGateway,
  countDocuments,
  readDocument,
  resultOf,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { GATEWAY_CALL_TIMEOUT_MS } from '../../../src/runtime/constants';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';

describe('gateway envelope', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await signUpAnonymous();
  });

  it('refuses a request with no body', async () => {
    expectGatewayError(await callGateway(undefined, user.idToken), 'INVALID_ARGUMENT');
  });

  it('refuses a body without data', async () => {
    expectGatewayError(await callGateway({}, user.idToken), 'INVALID_ARGUMENT');
  });

  it('refuses data: null', async () => {
    expectGatewayError(await callGateway({ data: null }, user.idToken), 'INVALID_ARGUMENT');
  });

  it('refuses data that is a string', async () => {
    expectGatewayError(await callGateway({ data: 'x' }, user.idToken), 'INVALID_ARGUMENT');
  });

  it('refuses data that is an array', async () => {
    expectGatewayError(await callGateway({ data: [] }, user.idToken), 'INVALID_ARGUMENT');
  });

  it('refuses an envelope without functionName, naming it', async () => {
    expectInvalidArgument(await callGateway({ data: { data: {} } }, user.idToken), 'functionName');
  });

  it('refuses an empty functionName, naming it', async () => {
    expectInvalidArgument(
      await callGateway({ data: { functionName: '', data: {} } }, user.idToken),
      'functionName',
    );
  });

  it('refuses a functionName that is not a string, naming it', async () => {
    expectInvalidArgument(
      await callGateway({ data: { functionName: 42, data: {} } }, user.idToken),
      'functionName',
    );
  });

  it('refuses a locale that is not a language tag, naming it and writing nothing', async () => {
    for (const locale of ['not a tag', 42, 'CY', '']) {
      expectInvalidArgument(
        await callGateway(
          { data: { functionName: 'saveAnswers', data: {}, locale } },
          user.idToken,
        ),
        'locale',
      );
    }
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('says a refusal in the caller’s language, or its own where it has no words in it', async () => {
    // This stack's gateway is written in en-GB only: a caller reading fr hears en-GB.
    const said = async (locale?: string) =>
      expectInvalidArgument(
        await callGateway(
          { data: { functionName: 'dropTables', data: {}, ...(locale ? { locale } : {}) } },
          user.idToken,
        ),
        'functionName',
      ).message;
    expect(await said('fr')).toBe(await said());
    expect(await said('en-GB')).toBe(await said());
  });

  it('refuses an unknown functionName, naming it and writing nothing', async () => {
    const error = expectInvalidArgument(await callFunction(user, 'dropTables', {}), 'functionName');
    expect(error.message).toContain('dropTables');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
    expect(await readDocument('users', user.uid)).toBeUndefined();
  });

  it('echoes a bounded part of a huge unknown functionName', async () => {
    const reply = await callFunction(user, 'x'.repeat(100_000), {});
    const error = expectInvalidArgument(reply, 'functionName');
    expect(error.message.length).toBeLessThan(2_000);
  });

  it('refuses a poisoned number (callable Int64Value 1e999), naming it and writing nothing', async () => {
    const poison = { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '1e999' };
    const reply = await callGateway(
      {
        data: {
          functionName: 'saveAnswers',
          data: {
            funnelId: 'vehicle-claim',
            pageId: 'start',
            answers: { firstName: 'Sam', extra: poison },
          },
        },
      },
      user.idToken,
    );
    expectInvalidArgument(reply, 'data.answers.extra');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses text with a lone surrogate, naming it and writing nothing', async () => {
    // Written out by hand: the escape of a lone surrogate, which JSON allows and text does not.
    const body =
      '{"data":{"functionName":"saveAnswers","data":{"funnelId":"vehicle-claim","pageId":"start","answers":{"firstName":"a\\ud800"}}}}';
    const response = await fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
      body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(text).toContain('data.answers.firstName');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses an inherited property name as functionName', async () => {
    expectInvalidArgument(await callFunction(user, 'toString', {}), 'functionName');
    expectInvalidArgument(await callFunction(user, '__proto__', {}), 'functionName');
  });

  it('refuses a call without an Authorization header with 401 and writes nothing', async () => {
    const before = await countDocuments('claims', 'userId', user.uid);
    const error = expectGatewayError(
      await callFunction(undefined, 'saveProfile', {
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        phoneNumber: '07700 900982',
      }),
      'UNAUTHENTICATED',
    );
    expect(error.message).toMatch(/sign-in|authenticat/i);
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(before);
  });

  it('refuses every function without an Authorization header', async () => {
    for (const functionName of Object.keys(gatewayRequestSchemas)) {
      expectGatewayError(await callFunction(undefined, functionName, {}), 'UNAUTHENTICATED');
    }
  });

  it('refuses a garbage bearer token with 401', async () => {
    expectGatewayError(
      await callGateway(
        { data: { functionName: 'getProfile', data: {} } },
        'not-a-real-token.at.all',
      ),
      'UNAUTHENTICATED',
    );
  });

  it('answers a well-formed authenticated call', async () => {
    const reply = await callFunction(user, 'getProfile', {});
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ result: { profile: null } });
  });
});

describe('a call its caller stopped waiting for', () => {
  it('is dropped unrun under the emulator, and a sentAt that is not a time is refused naming it', async () => {
    const user = await signUpAnonymous();
    const late = await callGateway(
      {
        data: {
          functionName: 'saveAnswers',
          data: { funnelId: 'vehicle-claim', pageId: 'start', answers: {} },
          sentAt: Date.now() - GATEWAY_CALL_TIMEOUT_MS - 5_000,
        },
      },
      user.idToken,
      user.address,
    );
    expectGatewayError(late, 'DEADLINE_EXCEEDED');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
    expectInvalidArgument(
      await callGateway(
        { data: { functionName: 'getProfile', data: {}, sentAt: 'yesterday' } },
        user.idToken,
        user.address,
      ),
      'sentAt',
    );
    await resultOf(
      callGateway(
        { data: { functionName: 'getProfile', data: {}, sentAt: Date.now() } },
        user.idToken,
        user.address,
      ),
    );
  });
});
