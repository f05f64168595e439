import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeAuthError } from '../../../src/app/ui/account/authErrorMessages';

/**
 * The Firebase layer is faked: `firebase/auth` functions are spies, and the auth state
 * callback is fired by hand, so each of our fixed error messages can be reached.
 */
const fake = vi.hoisted(() => ({
  auth: { currentUser: null as null | Record<string, unknown> },
  stateCallback: null as null | ((user: unknown) => void),
  linkWithCredential: vi.fn(),
}));

vi.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, callback: (user: unknown) => void) => {
    fake.stateCallback = callback;
    return () => {};
  },
  onIdTokenChanged: () => () => {},
  signInAnonymously: vi.fn(() => new Promise(() => {})),
  linkWithCredential: fake.linkWithCredential,
  EmailAuthProvider: {
    credential: (email: string, password: string) => ({ email, password }),
    credentialWithLink: (email: string, link: string) => ({ email, link }),
  },
  createUserWithEmailAndPassword: vi.fn(),
  isSignInWithEmailLink: vi.fn(() => false),
  sendPasswordResetEmail: vi.fn(),
  sendSignInLinkToEmail: vi.fn(),
  signInWithCustomToken: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
  signInWithEmailLink: vi.fn(),
  signOut: vi.fn(),
  updateEmail: vi.fn(),
  updatePassword: vi.fn(),
  verifyBeforeUpdateEmail: vi.fn(),
}));
vi.mock('../../../src/platform/firebaseApp/firebaseApp', () => ({
  firebaseServices: () => ({ auth: fake.auth, functions: {}, app: {} }),
}));

const localUser = { email: 'jane@example.com', phoneNumber: '07700 900123' };
const anonymous = { uid: 'anon-1', isAnonymous: true, email: null, phoneNumber: null };
const registered = {
  uid: 'reg-1',
  isAnonymous: false,
  email: 'jane@example.com',
  phoneNumber: null,
};

/** The session a claim's link signs in to (a custom token for an anonymous claimant's uid). */
const claimLinkSession = {
  uid: 'anon-2',
  isAnonymous: false,
  email: null,
  phoneNumber: null,
  providerData: [],
};

async function loadService() {
  vi.resetModules();
  return import('../../../src/platform/authService');
}

async function initialisedService(user: Record<string, unknown> | null) {
  const service = await loadService();
  fake.auth.currentUser = user;
  service.watchAuthState(() => {});
  fake.stateCallback?.(user);
  return service;
}

beforeEach(() => {
  fake.auth.currentUser = null;
  fake.stateCallback = null;
  fake.linkWithCredential.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('before the first auth-state callback', () => {
  it("throws 'Auth is not initialized' from every call that needs auth once the wait is over, and logs it", async () => {
    const service = await loadService();
    vi.mocked(console.error).mockClear();
    vi.useFakeTimers();
    try {
      const calls = [
        service.signOut(),
        service.upgradeAnonymousUser(localUser, 'password123'),
        service.sendPasswordReset('jane@example.com', 'http://x'),
        service.signInWithToken('token'),
        service.signInWithPassword('jane@example.com', 'password123'),
      ].map((call) => expect(call).rejects.toThrow('Auth is not initialized'));
      await vi.advanceTimersByTimeAsync(service.AUTH_READY_WAIT_MS - 1);
      expect(console.error).not.toHaveBeenCalledWith(new Error('Auth is not initialized'));
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all(calls);
    } finally {
      vi.useRealTimers();
    }
    expect(console.error).toHaveBeenCalledWith(new Error('Auth is not initialized'));
    // Reading the current user does not wait: it is known or it is not.
    expect(() => service.currentUser()).toThrow('Auth is not initialized');
  });

  it('a step asked for before the session is known waits for it, then goes through', async () => {
    const service = await loadService();
    vi.mocked(console.error).mockClear();
    fake.auth.currentUser = anonymous;
    service.watchAuthState(() => {});
    const reset = service.sendPasswordReset('jane@example.com', 'http://x');
    fake.stateCallback?.(anonymous);
    await expect(reset).resolves.toBeUndefined();
    expect(console.error).not.toHaveBeenCalled();
  });
});

describe('toAuthUser: whether the session has an account', () => {
  it('is no account for an anonymous session, and for the session a claim link opened', async () => {
    const service = await loadService();
    expect(service.toAuthUser(anonymous as never).isAnonymous).toBe(true);
    expect(service.toAuthUser(claimLinkSession as never)).toMatchObject({
      isAnonymous: true,
      fromLink: true,
    });
    expect(service.toAuthUser(anonymous as never)).not.toHaveProperty('fromLink');
  });

  it('is an account once it has an email address, a mobile number or a sign-in method', async () => {
    const service = await loadService();
    expect(service.toAuthUser(registered as never).isAnonymous).toBe(false);
    expect(
      service.toAuthUser({ ...claimLinkSession, phoneNumber: '+447700900123' } as never)
        .isAnonymous,
    ).toBe(false);
    expect(
      service.toAuthUser({ ...claimLinkSession, providerData: [{ providerId: 'phone' }] } as never)
        .isAnonymous,
    ).toBe(false);
  });
});

describe('signInWithPassword', () => {
  it('names the session a claim link opened as the one to merge, with its ID token', async () => {
    const { signInWithEmailAndPassword } = await import('firebase/auth');
    const service = await initialisedService({
      ...claimLinkSession,
      getIdToken: async () => 'claim-link-token',
    });
    vi.mocked(signInWithEmailAndPassword).mockResolvedValue({ user: registered } as never);
    const switched = await service.signInWithPassword('jane@example.com', 'password123');
    expect(switched.replacedAnonymous).toEqual({ uid: 'anon-2', idToken: 'claim-link-token' });
    expect(switched.user).toMatchObject({ uid: 'reg-1', isAnonymous: false });
  });
});

describe('upgradeAnonymousUser', () => {
  it("throws 'No authenticated user to upgrade' when nobody is signed in", async () => {
    const service = await initialisedService(null);
    await expect(service.upgradeAnonymousUser(localUser, 'password123')).rejects.toThrow(
      'No authenticated user to upgrade',
    );
  });

  it("throws 'User is not anonymous' for a registered user", async () => {
    const service = await initialisedService(registered);
    await expect(service.upgradeAnonymousUser(localUser, 'password123')).rejects.toThrow(
      'User is not anonymous',
    );
  });

  it("throws 'No current local user', 'No phone number' and 'No email' for a missing profile or field", async () => {
    const service = await initialisedService(anonymous);
    await expect(service.upgradeAnonymousUser(null, 'password123')).rejects.toThrow(
      'No current local user',
    );
    await expect(
      service.upgradeAnonymousUser({ ...localUser, phoneNumber: '' }, 'password123'),
    ).rejects.toThrow('No phone number');
    await expect(
      service.upgradeAnonymousUser({ ...localUser, email: '' }, 'password123'),
    ).rejects.toThrow('No email');
    expect(fake.linkWithCredential).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(new Error('No phone number'));
  });

  it('links the email and password credential to the anonymous user, keeping its uid', async () => {
    const service = await initialisedService(anonymous);
    fake.linkWithCredential.mockResolvedValue({
      user: { ...anonymous, isAnonymous: false, email: localUser.email },
    });
    const user = await service.upgradeAnonymousUser(localUser, 'password123');
    expect(fake.linkWithCredential).toHaveBeenCalledWith(anonymous, {
      email: localUser.email,
      password: 'password123',
    });
    expect(user).toEqual({
      uid: 'anon-1',
      isAnonymous: false,
      email: localUser.email,
      phoneNumber: null,
    });
  });

  it('upgrades the session a claim link opened: Firebase does not call it anonymous, but it has no account', async () => {
    const service = await initialisedService(claimLinkSession);
    fake.linkWithCredential.mockResolvedValue({
      user: {
        ...claimLinkSession,
        email: localUser.email,
        providerData: [{ providerId: 'password' }],
      },
    });
    const user = await service.upgradeAnonymousUser(localUser, 'password123');
    expect(fake.linkWithCredential).toHaveBeenCalledWith(claimLinkSession, {
      email: localUser.email,
      password: 'password123',
    });
    expect(user).toMatchObject({ uid: 'anon-2', isAnonymous: false, email: localUser.email });
  });

  it.each(['auth/credential-already-in-use', 'auth/email-already-in-use'])(
    'turns %s into AccountExistsError, for the sign-in-and-merge offer',
    async (code) => {
      const service = await initialisedService(anonymous);
      fake.linkWithCredential.mockRejectedValue(Object.assign(new Error(code), { code }));
      const error = await service.upgradeAnonymousUser(localUser, 'password123').catch((e) => e);
      expect(error).toBeInstanceOf(service.AccountExistsError);
      expect(error.email).toBe(localUser.email);
      expect(describeAuthError(error)).toMatch(/already an account/);
    },
  );
});

describe('other spec messages', () => {
  it("currentUser throws 'No authenticated user' when nobody is signed in", async () => {
    const service = await initialisedService(null);
    expect(() => service.currentUser()).toThrow('No authenticated user');
  });

  it("setPassword and updateEmailAddress throw 'No current user' when nobody is signed in", async () => {
    const service = await initialisedService(null);
    await expect(service.setPassword('password123')).rejects.toThrow('No current user');
    await expect(service.updateEmailAddress('new@example.com')).rejects.toThrow('No current user');
  });
});

describe('describeAuthError', () => {
  it('says every spec message and common Firebase error in plain words', () => {
    for (const message of [
      'Auth is not initialized',
      'No authenticated user',
      'No authenticated user to upgrade',
      'User is not anonymous',
      'No current user',
      'No phone number',
      'No email',
      'No current local user',
      'Error checking user exists',
    ]) {
      const said = describeAuthError(new Error(message));
      expect(said).not.toBe(message);
      expect(said).not.toMatch(/problem signing you in/);
    }
    expect(describeAuthError({ code: 'auth/wrong-password' })).toMatch(/not right/);
    expect(describeAuthError({ code: 'auth/too-many-requests' })).toMatch(/too many/);
    expect(describeAuthError({ code: 'auth/user-not-found' })).toMatch(/no account/);
  });
});
