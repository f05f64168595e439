import { PROFILE_SOURCE_PAGE } from '../../runtime/constants';
import { profileFieldsOf } from '../../runtime/claim';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import { createAppListenerMiddleware } from '../storeTypes';
import { authStateChanged } from '../slices/authSlice';
import { claimsCleared, pageSubmitted } from '../slices/claimSlice';
import { profileCleared, profileFieldsUpdated } from '../slices/profileSlice';

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
