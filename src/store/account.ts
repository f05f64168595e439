import {
  completeEmailLinkSignIn,
  setUserContactDetails,
  signInAndMergeAnonymous,
  signOut,
  upgradeAnonymousUser,
  type AuthUser,
  type SignInResult,
} from '../platform/authService';
import { draftStorage } from '../platform/draftStorage';
import type { ProfileFields } from '../runtime/claim';
import { saveProfile } from './profileSync';
import { authStateChanged } from './slices/authSlice';
import type { ClaimDraft } from './slices/claimSlice';
import { emptyProfile, profileFieldsUpdated, type ProfileState } from './slices/profileSlice';

interface AccountState {
  auth: { user: AuthUser | null };
  claim: { byFunnel: Record<string, ClaimDraft> };
  profile: ProfileState;
}

type Dispatch = (action: unknown) => unknown;
type GetState = () => unknown;

const SYNC_WAIT_MS = 5_000;
const SYNC_POLL_MS = 100;

/** Waits (a little) until no page is on its way to the gateway, so a merge moves every answer. */
async function claimSaved(getState: GetState): Promise<void> {
  const settled = () =>
    Object.values((getState() as AccountState).claim.byFunnel).every(
      (draft) => draft.unsavedPageIds.length === 0 || draft.sync.state === 'failed',
    );
  for (let waited = 0; !settled() && waited < SYNC_WAIT_MS; waited += SYNC_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
  }
}

/**
 * After a sign-in moved an anonymous session's claims into the account, this browser's
 * copies of them are out of date: the server's copy is the one to load.
 */
function forgetMergedDrafts(anonymousUid: string | null, result: SignInResult): void {
  if (!result.merged || !anonymousUid) return;
  for (const funnelId of [...result.merged.moved, ...result.merged.kept]) {
    draftStorage.remove(anonymousUid, funnelId);
    draftStorage.remove(result.user.uid, funnelId);
  }
}

export interface RegisterOutcome {
  user: AuthUser;
  /** Said to the claimant when the account was made but a later step was not. */
  warning: string | null;
}

/**
 * Turns the anonymous claimant into a registered one with the same uid (so every answer
 * stays), then writes the profile and puts the phone number on the account. The email and
 * phone typed on the form fill the local profile first: the upgrade checks it (spec 5).
 */
export function registerAccount(input: { email: string; phoneNumber: string; password: string }) {
  return async (dispatch: Dispatch, getState: GetState): Promise<RegisterOutcome> => {
    const uid = (getState() as AccountState).auth.user?.uid;
    if (uid) {
      dispatch(
        profileFieldsUpdated({
          uid,
          fields: { email: input.email, phoneNumber: input.phoneNumber },
        }),
      );
    }
    const state = getState() as AccountState;
    const local = uid && state.profile.uid === uid ? state.profile.profile : null;
    const user = await upgradeAnonymousUser(local, input.password);
    dispatch(authStateChanged(user));
    const profile = { ...emptyProfile(user.uid), ...local };
    const fields: ProfileFields = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
    };
    let warning: string | null = null;
    try {
      await dispatch(saveProfile(user.uid, fields));
    } catch (error) {
      console.error(error);
      warning = 'Your account is ready, but we could not save your contact details just now.';
    }
    try {
      await setUserContactDetails(input.phoneNumber);
    } catch (error) {
      warning = `Your account is ready, but we could not add your mobile number to it: ${
        error instanceof Error ? error.message : String(error)
      }`;
    }
    return { user, warning };
  };
}

/** Email and password sign-in; an anonymous claimant's claims move into the account. */
export function signInToAccount(email: string, password: string) {
  return async (_dispatch: Dispatch, getState: GetState): Promise<SignInResult> => {
    await claimSaved(getState);
    const before = (getState() as AccountState).auth.user;
    const result = await signInAndMergeAnonymous(email, password);
    forgetMergedDrafts(before?.isAnonymous ? before.uid : null, result);
    return result;
  };
}

/** Completes an email sign-in link; see completeEmailLinkSignIn. */
export function signInWithEmailLink(email: string, url: string) {
  return async (dispatch: Dispatch, getState: GetState): Promise<SignInResult> => {
    await claimSaved(getState);
    const before = (getState() as AccountState).auth.user;
    const result = await completeEmailLinkSignIn(email, url);
    dispatch(authStateChanged(result.user));
    forgetMergedDrafts(before?.isAnonymous ? before.uid : null, result);
    return result;
  };
}

/**
 * Signs out to a fresh anonymous session. Saved claims are on the server, so this browser's
 * copies of them are removed: a shared computer keeps nothing of the claimant.
 */
export function signOutOfAccount() {
  return async (_dispatch: Dispatch, getState: GetState): Promise<void> => {
    const state = getState() as AccountState;
    const uid = state.auth.user?.uid;
    if (uid && !state.auth.user?.isAnonymous) {
      for (const draft of Object.values(state.claim.byFunnel)) {
        if (draft.ownerUid === uid && draft.unsavedPageIds.length === 0) {
          draftStorage.remove(uid, draft.funnelId);
        }
      }
    }
    await signOut();
  };
}
