import { PROFILE_SOURCE_PAGE } from '../runtime/constants';
import { profileFieldsOf, type ProfileFields } from '../runtime/claim';
import { loadGatewayApi } from './gatewayApiOnDemand';
import { createAppListenerMiddleware, type AppDispatch, type RootState } from './storeTypes';
import { authStateChanged } from './slices/authSlice';
import { claimsCleared, pageSubmitted } from './slices/claimSlice';
import {
  profileCleared,
  profileFieldsUpdated,
  profileLoadFailed,
  profileLoaded,
  profileLoadStarted,
  profileSaved,
} from './slices/profileSlice';

/**
 * Keeps the profile slice in step with the claimant: the start page's answers fill it (the
 * gateway stores them with the page's save, so no call is made here), and a change of
 * claimant drops the previous one's profile and claims from memory.
 */
export const profileSyncMiddleware = createAppListenerMiddleware();

profileSyncMiddleware.startListening({
  actionCreator: pageSubmitted,
  effect: (action, api) => {
    const { funnelId, pageId, ownerUid, answers } = action.payload;
    if (funnelId !== PROFILE_SOURCE_PAGE.funnelId || pageId !== PROFILE_SOURCE_PAGE.pageId) return;
    const fields = profileFieldsOf(answers);
    if (Object.keys(fields).length > 0) {
      api.dispatch(profileFieldsUpdated({ uid: ownerUid, fields }));
    }
  },
});

profileSyncMiddleware.startListening({
  actionCreator: authStateChanged,
  effect: (action, api) => {
    const before = api.getOriginalState().auth.user?.uid ?? null;
    const after = action.payload?.uid ?? null;
    // The first session, and an anonymous user upgraded in place, keep what they have.
    if (before === null || before === after) return;
    api.dispatch(profileCleared());
    api.dispatch(claimsCleared());
    // Server data read for the previous claimant (their claims list, a claim) is theirs alone.
    // (Nothing to reset when the API has not been loaded yet.)
    if (api.getState().gatewayApi) {
      void loadGatewayApi(api.dispatch).then((gatewayApi) =>
        api.dispatch(gatewayApi.util.resetApiState()),
      );
    }
  },
});

/** Loads the claimant's stored profile, or a blank one when none is stored. */
export function loadProfile(uid: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(profileLoadStarted({ uid }));
    try {
      const gatewayApi = await loadGatewayApi(dispatch);
      const { profile } = await dispatch(
        gatewayApi.endpoints.getProfile.initiate({}, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      dispatch(profileLoaded({ uid, profile }));
    } catch (error) {
      console.error(error);
      dispatch(profileLoadFailed({ uid }));
    }
  };
}

/** Loads the profile unless this claimant's is already held or on its way. */
export function ensureProfile(uid: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const { profile } = getState();
    if (profile.uid === uid && (profile.status === 'loaded' || profile.status === 'loading')) {
      return;
    }
    await dispatch(loadProfile(uid));
  };
}

/** Stores the claimant's profile through the gateway (validated there) and keeps its copy. */
export function saveProfile(uid: string, fields: ProfileFields) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const gatewayApi = await loadGatewayApi(dispatch);
    const { profile } = await dispatch(gatewayApi.endpoints.saveProfile.initiate(fields)).unwrap();
    dispatch(profileSaved({ uid, profile }));
  };
}
