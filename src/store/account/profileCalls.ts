/**
 * The claimant's stored profile, read and written through the gateway (validated there). Its
 * own module: only account screens call these, while profileSync.ts runs on every page.
 */
import type { ProfileFields } from '../../runtime/claim';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import type { AppDispatch, RootState } from '../storeTypes';
import {
  profileLoaded,
  profileLoadFailed,
  profileLoadStarted,
  profileSaved,
  selectProfileState,
} from '../slices/profileSlice';

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
    const profile = selectProfileState(getState());
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
