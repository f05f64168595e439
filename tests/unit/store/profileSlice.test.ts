import { beforeEach, describe, expect, it, vi } from 'vitest';

const gateway = vi.hoisted(() => ({ callGateway: vi.fn() }));
vi.mock('../../../src/platform/firebaseApp/gatewayClient', () => ({
  callGateway: gateway.callGateway,
  GatewayError: class extends Error {},
}));

const { createAppStore, startSyncing } = await import('../../../src/store');
const { loadProfile, saveProfile } = await import('../../../src/store/account/profileCalls');
const { authStateChanged } = await import('../../../src/store/slices/authSlice');
const { pageSubmitted } = await import('../../../src/store/slices/claimSlice');
const { emptyProfile, profileFieldsUpdated, selectProfile, selectProfileState } =
  await import('../../../src/store/slices/profileSlice');

const uid = 'user-1';
const contact = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phoneNumber: '07700 900123',
};

// The app starts the store's syncing with the session (src/main.tsx).
await startSyncing();

function storeWithUser() {
  const store = createAppStore();
  store.dispatch(authStateChanged({ uid, email: null, phoneNumber: null, isAnonymous: true }));
  return store;
}

beforeEach(() => {
  gateway.callGateway.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // claimSync keeps drafts in localStorage; the node test environment has none.
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
});

describe('profile slice', () => {
  it('uses an empty local profile with blank fields when none is stored', async () => {
    const store = storeWithUser();
    gateway.callGateway.mockResolvedValue({ profile: null });
    await store.dispatch(loadProfile(uid));
    expect(gateway.callGateway).toHaveBeenCalledWith('getProfile', {});
    expect(selectProfileState(store.getState())).toMatchObject({
      uid,
      status: 'loaded',
      profile: { id: uid, userId: uid, firstName: '', lastName: '', email: '', phoneNumber: '' },
    });
  });

  it('keeps the stored profile the gateway returns', async () => {
    const store = storeWithUser();
    gateway.callGateway.mockResolvedValue({ profile: { id: uid, userId: uid, ...contact } });
    await store.dispatch(loadProfile(uid));
    expect(selectProfile(store.getState())).toEqual({ id: uid, userId: uid, ...contact });
  });

  it('fills the profile from the start page answers with no gateway call', () => {
    const store = storeWithUser();
    store.dispatch(
      pageSubmitted({
        funnelId: 'vehicle-claim',
        ownerUid: uid,
        pageId: 'start',
        answers: contact,
        nextPageId: 'address',
      }),
    );
    expect(selectProfile(store.getState())).toEqual({ ...emptyProfile(uid), ...contact });
    const profileCalls = gateway.callGateway.mock.calls.filter(([name]) =>
      String(name).toLowerCase().includes('profile'),
    );
    expect(profileCalls).toEqual([]);
  });

  it('does not fill the profile from other pages or funnels', () => {
    const store = storeWithUser();
    for (const [funnelId, pageId] of [
      ['vehicle-claim', 'address'],
      ['diesel-emissions', 'start'],
    ] as const) {
      store.dispatch(
        pageSubmitted({ funnelId, ownerUid: uid, pageId, answers: contact, nextPageId: null }),
      );
    }
    expect(selectProfile(store.getState())).toBeNull();
  });

  it('keeps fields typed here when a slower load arrives afterwards', async () => {
    const store = storeWithUser();
    let answer: (value: unknown) => void = () => {};
    gateway.callGateway.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = store.dispatch(loadProfile(uid));
    store.dispatch(profileFieldsUpdated({ uid, fields: { email: 'new@example.com' } }));
    answer({ profile: { id: uid, userId: uid, ...contact } });
    await loading;
    expect(selectProfile(store.getState())).toEqual({
      id: uid,
      userId: uid,
      ...contact,
      email: 'new@example.com',
    });
  });

  it('saves through the gateway and keeps its copy', async () => {
    const store = storeWithUser();
    gateway.callGateway.mockResolvedValue({ profile: { id: uid, userId: uid, ...contact } });
    await store.dispatch(saveProfile(uid, contact));
    expect(gateway.callGateway).toHaveBeenCalledWith('saveProfile', contact);
    expect(selectProfileState(store.getState())).toMatchObject({
      status: 'loaded',
      localFields: {},
    });
  });

  it('marks a failed load and still offers a blank profile', async () => {
    const store = storeWithUser();
    gateway.callGateway.mockRejectedValue(new Error('offline'));
    await store.dispatch(loadProfile(uid));
    expect(selectProfileState(store.getState())).toMatchObject({
      status: 'failed',
      profile: emptyProfile(uid),
    });
  });

  it('drops the profile when another claimant signs in, but not when the uid stays', () => {
    const store = storeWithUser();
    store.dispatch(profileFieldsUpdated({ uid, fields: contact }));
    store.dispatch(
      authStateChanged({ uid, email: contact.email, phoneNumber: null, isAnonymous: false }),
    );
    expect(selectProfile(store.getState())?.email).toBe(contact.email);
    store.dispatch(
      authStateChanged({ uid: 'user-2', email: null, phoneNumber: null, isAnonymous: false }),
    );
    expect(selectProfileState(store.getState())).toMatchObject({ uid: null, profile: null });
  });
});
