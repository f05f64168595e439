import { describe, expect, it } from 'vitest';
import { decideRouteChecks, type GuardContext } from '../../../../src/app/routing/routeChecks';

const at = (auth: GuardContext['state']['auth']): GuardContext => ({
  location: { pathname: '/account', search: '?tab=claims' },
  state: { auth },
});
const user = (isAnonymous: boolean) => ({
  uid: 'u1',
  email: isAnonymous ? null : 'sam@example.com',
  phoneNumber: null,
  isAnonymous,
});

describe('decideRouteChecks', () => {
  it('names an unknown guard', () => {
    expect(() =>
      decideRouteChecks(['nosuch'], at({ status: 'uninitialised', user: null })),
    ).toThrow('Unknown route middleware: nosuch');
  });

  it('auth waits for the first auth state, then lets registered users in', () => {
    expect(decideRouteChecks(['auth'], at({ status: 'uninitialised', user: null }))).toEqual({
      kind: 'wait',
    });
    expect(decideRouteChecks(['auth'], at({ status: 'initialised', user: user(false) }))).toEqual({
      kind: 'allow',
    });
  });

  it('auth sends anonymous and signed-out visitors to sign in, and back after', () => {
    const toLogin = { kind: 'redirect', to: '/login?redirect=%2Faccount%3Ftab%3Dclaims' };
    expect(decideRouteChecks(['auth'], at({ status: 'initialised', user: user(true) }))).toEqual(
      toLogin,
    );
    expect(decideRouteChecks(['auth'], at({ status: 'initialised', user: null }))).toEqual(toLogin);
  });

  it('a route with no guards is allowed', () => {
    expect(decideRouteChecks([], at({ status: 'uninitialised', user: null }))).toEqual({
      kind: 'allow',
    });
  });
});
