import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The account thunks that call the gateway, over a real store: the gateway client is faked,
 * so our fixed messages for its answers can be reached.
 */
const fake = vi.hoisted(() => ({ callGateway: vi.fn() }));
vi.mock('../../../src/platform/firebaseApp/gatewayClient', () => ({
  callGateway: fake.callGateway,
  GatewayError: class GatewayError extends Error {},
}));

const { createAppStore } = await import('../../../src/store');
const { confirmUserExists, setUserContactDetails } =
  await import('../../../src/store/account/account');
const { authStateChanged } = await import('../../../src/store/slices/authSlice');
const { AUTH_READY_WAIT_MS } = await import('../../../src/platform/authService');

const anonymous = { uid: 'anon-1', isAnonymous: true, email: null, phoneNumber: null };

function signedInStore() {
  const store = createAppStore();
  store.dispatch(authStateChanged(anonymous));
  return store;
}

beforeEach(() => {
  fake.callGateway.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('confirmUserExists', () => {
  it("throws 'Auth is not initialized' when the session is still unknown after the wait, without a call", async () => {
    vi.useFakeTimers();
    try {
      const store = createAppStore();
      const asked = expect(
        store.dispatch(confirmUserExists('jane@example.com', '07700 900123')),
      ).rejects.toThrow('Auth is not initialized');
      await vi.advanceTimersByTimeAsync(AUTH_READY_WAIT_MS);
      await asked;
    } finally {
      vi.useRealTimers();
    }
    expect(fake.callGateway).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(new Error('Auth is not initialized'));
  });

  it("throws 'Error checking user exists' on a falsy result, and logs it", async () => {
    fake.callGateway.mockResolvedValue(null);
    await expect(
      signedInStore().dispatch(confirmUserExists('jane@example.com', '07700 900123')),
    ).rejects.toThrow('Error checking user exists');
    expect(fake.callGateway).toHaveBeenCalledWith('confirmUserExists', {
      email: 'jane@example.com',
      phoneNumber: '07700 900123',
    });
    expect(console.error).toHaveBeenCalledWith(new Error('Error checking user exists'));
  });

  it('returns what the gateway says', async () => {
    fake.callGateway.mockResolvedValue({ checked: true, accountExists: false });
    await expect(
      signedInStore().dispatch(confirmUserExists('jane@example.com', '07700 900123')),
    ).resolves.toEqual({ checked: true, accountExists: false });
  });
});

describe('setUserContactDetails', () => {
  it('throws the exception the gateway returns', async () => {
    fake.callGateway.mockResolvedValue({ exception: 'Enter a UK mobile number' });
    await expect(signedInStore().dispatch(setUserContactDetails('123'))).rejects.toThrow(
      'Enter a UK mobile number',
    );
  });

  it('returns the stored number', async () => {
    fake.callGateway.mockResolvedValue({ ok: true, phoneNumber: '+447700900123' });
    await expect(signedInStore().dispatch(setUserContactDetails('07700 900123'))).resolves.toBe(
      '+447700900123',
    );
  });
});
