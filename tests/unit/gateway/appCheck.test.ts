import { describe, expect, it } from 'vitest';
import { requireAppCheck } from '../../../src/gateway/call/appCheck';
import { readGatewayConfig } from '../../../src/gateway/infra/config';

const WEB_APP = '1:123456789:web:abcdef';

describe('requireAppCheck', () => {
  const enforced = { enforce: true, appIds: [WEB_APP] };

  it('lets a call with a verified token of our web app through', () => {
    expect(() => requireAppCheck({ appId: WEB_APP }, enforced)).not.toThrow();
  });

  it('refuses a call without a token as unauthenticated', () => {
    expect(() => requireAppCheck(undefined, enforced)).toThrow(
      expect.objectContaining({ code: 'unauthenticated' }),
    );
  });

  it('refuses a token of another app of the project as permission denied', () => {
    expect(() => requireAppCheck({ appId: '1:123456789:ios:999' }, enforced)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
  });

  it('accepts any app of the project when no app ids are listed', () => {
    expect(() =>
      requireAppCheck({ appId: '1:123456789:ios:999' }, { enforce: true, appIds: [] }),
    ).not.toThrow();
  });

  it('does nothing when not enforced (the local emulators)', () => {
    expect(() => requireAppCheck(undefined, { enforce: false, appIds: [WEB_APP] })).not.toThrow();
  });
});

describe('App Check settings', () => {
  it('reads enforcement and the allowed app ids', () => {
    const config = readGatewayConfig({
      APP_CHECK_ENFORCE: 'true',
      APP_CHECK_APP_IDS: ` ${WEB_APP}, 1:1:web:2 `,
    });
    expect(config.appCheck).toEqual({ enforce: true, appIds: [WEB_APP, '1:1:web:2'] });
    expect(readGatewayConfig({}).appCheck).toEqual({ enforce: false, appIds: [] });
  });

  it('refuses a setting it cannot read, and enforcement under the emulators', () => {
    expect(() => readGatewayConfig({ APP_CHECK_ENFORCE: 'yes' })).toThrow('APP_CHECK_ENFORCE');
    expect(() =>
      readGatewayConfig({ APP_CHECK_ENFORCE: 'true', FUNCTIONS_EMULATOR: 'true' }),
    ).toThrow('cannot be on under the emulators');
  });
});
