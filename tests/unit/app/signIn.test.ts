import { describe, expect, it } from 'vitest';
import { isRefusedRedirect, safeRedirect } from '../../../src/app/routing/safeRedirect';
import {
  noticeAfterSignIn,
  redirectAfterSignIn,
} from '../../../src/app/pages/login/redirectAfterSignIn';
import { signInNoticeOf } from '../../../src/app/pages/login/signInNotice';

const user = { uid: 'account', email: 'a@example.com', phoneNumber: null, isAnonymous: false };
const signedIn = { user, merged: null, mergeFailed: false };

describe('safeRedirect', () => {
  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '/\\/evil.example'])(
    'refuses %s, which leads to another site',
    (value) => {
      expect(safeRedirect(value, '/fallback')).toBe('/fallback');
      expect(isRefusedRedirect(value)).toBe(true);
    },
  );

  it('follows a path of this site, query and fragment included', () => {
    expect(safeRedirect('/form/check/u1?change=1#town', '/fallback')).toBe(
      '/form/check/u1?change=1#town',
    );
    expect(isRefusedRedirect('/account')).toBe(false);
    expect(isRefusedRedirect(null)).toBe(false);
  });
});

describe('after a sign-in', () => {
  it('says the claimant is signed in when the requested page was refused as off-site', () => {
    expect(redirectAfterSignIn('/\\evil.example', signedIn)).toBe('/account/claims');
    expect(noticeAfterSignIn('/\\evil.example', signedIn)?.notice).toMatch(/^You are signed in\./);
    expect(noticeAfterSignIn('/account', signedIn)).toBeUndefined();
  });

  it('tells a claimant whose account lost an earlier password to set their own, and what moved', () => {
    const notice = signInNoticeOf({
      ...signedIn,
      passwordRemoved: true,
      merged: { mergedUid: 'anon', moved: ['vehicle-claim'], choices: [], profileMerged: false },
    })?.notice;
    expect(notice).toContain('Set a password of your own');
    expect(notice).toContain('now saved in your account');
  });

  it('passes on the gateway’s reason when it would not move the claim', () => {
    const notice = signInNoticeOf({
      ...signedIn,
      mergeFailed: true,
      mergeRefusal: 'Confirm your email address before we move your answers.',
    })?.notice;
    expect(notice).toBe(
      'You are signed in. Confirm your email address before we move your answers.',
    );
  });
});
