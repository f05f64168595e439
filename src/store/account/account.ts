/**
 * The app's way to accounts: every auth flow the screens offer, as thunks over the Firebase
 * calls of platform/authService and the gateway calls of gatewayApi. Screens import this
 * module, never the platform.
 */
import {
  authInitialised,
  failWith,
  sendPasswordReset,
  setPassword,
  signInWithPassword,
  signInWithToken,
  signOut,
  updateEmailAddress,
  upgradeAnonymousUser,
  type AuthUser,
  type SessionSwitch,
} from '../../platform/authService';
import { draftStorage } from '../../platform/browserStorage/draftStorage';
import { linkRequester } from '../../platform/browserStorage/linkRequester';
import type { ProfileFields } from '../../runtime/claim';
import type {
  EmailLinkRedemption,
  GatewayResponse,
  MergeAnonymousUserResult,
} from '../../runtime/contract';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import type { AppDispatch, RootState } from '../storeTypes';
import { saveProfile } from './profileCalls';
import { authStateChanged } from '../slices/authSlice';
import { emptyProfile, profileFieldsUpdated, selectProfileState } from '../slices/profileSlice';
import { savesSettled } from '../slices/claimSlice';
import { errorCodeOf, errorMessageOf } from '../../runtime/contract';

export type { AuthUser };

/** What a sign-in did: who is signed in now, and what moved from the anonymous session. */
export interface SignInResult {
  user: AuthUser;
  /** The anonymous session's claims moved into the account, or null when there was none. */
  merged: MergeAnonymousUserResult | null;
  /** The merge call failed: the anonymous claim is still on its own (and can be retried). */
  mergeFailed: boolean;
  /** Why the gateway refused the merge, in words for the claimant (null when it did not). */
  mergeRefusal?: string | null;
}

/** True when an upgrade found the email already belongs to an account (sign in instead). */
export function isAccountExistsError(
  error: unknown,
): error is { code: 'account-exists'; email: string } {
  return errorCodeOf(error) === 'account-exists';
}

/**
 * Calls that need auth wait for its first callback (authInitialised), and fail with 'Auth is
 * not initialized' if it has not come by then.
 */
async function requireInitialisedAuth(getState: () => RootState): Promise<void> {
  if (getState().auth.status !== 'initialised') await authInitialised();
  if (getState().auth.status !== 'initialised') failWith('Auth is not initialized');
}

/** Whether the email or phone number belongs to another account (gateway: confirmUserExists). */
export function confirmUserExists(email: string, phoneNumber: string) {
  return async (
    dispatch: AppDispatch,
    getState: () => RootState,
  ): Promise<NonNullable<GatewayResponse<'confirmUserExists'>>> => {
    await requireInitialisedAuth(getState);
    const result = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.confirmUserExists.initiate({ email, phoneNumber }),
    ).unwrap();
    if (!result) failWith('Error checking user exists');
    return result;
  };
}

/** Stores the caller's phone number; an `exception` in the gateway's result is thrown. */
export function setUserContactDetails(phoneNumber: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<string> => {
    await requireInitialisedAuth(getState);
    const result = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.setUserContactDetails.initiate({ phoneNumber }),
    ).unwrap();
    if ('exception' in result) failWith(result.exception);
    return result.phoneNumber;
  };
}

/**
 * After a sign-in replaced an anonymous session, moves that session's claims and profile
 * into the account through the gateway (authorised by both tokens).
 */
async function mergeReplacedSession(
  dispatch: AppDispatch,
  session: SessionSwitch,
): Promise<SignInResult> {
  const anonymous = session.replacedAnonymous;
  if (!anonymous) return { user: session.user, merged: null, mergeFailed: false };
  try {
    const merged = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.mergeAnonymousUser.initiate({
        anonymousIdToken: anonymous.idToken,
      }),
    ).unwrap();
    return { user: session.user, merged, mergeFailed: false };
  } catch (error) {
    console.error(error);
    // The account's address is not proved yet: the claimant is told to confirm it first.
    const refusal =
      errorCodeOf(error) === 'failed-precondition' ? (errorMessageOf(error) ?? null) : null;
    return { user: session.user, merged: null, mergeFailed: true, mergeRefusal: refusal };
  }
}

const SYNC_WAIT_MS = 5_000;
const SYNC_POLL_MS = 100;

/** Waits (a little) until no page is on its way to the gateway, so a merge moves every answer. */
async function claimSaved(getState: () => RootState): Promise<void> {
  const settled = () => Object.values(getState().claim.byFunnel).every(savesSettled);
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
  for (const funnelId of result.merged.moved) {
    draftStorage.remove(anonymousUid, funnelId);
    draftStorage.remove(result.user.uid, funnelId);
  }
}

/**
 * A later step of making an account that failed, the account being made: the register page
 * says it in its own words (account.en-GB.json's `register.detailsNotSaved`,
 * `register.mobileNotAdded`, `register.confirmationNotSent`); `mobileNotAdded` carries the
 * reason the gateway or Firebase gave.
 */
export type RegisterWarning =
  { step: 'detailsNotSaved' | 'confirmationNotSent' } | { step: 'mobileNotAdded'; reason: string };

interface RegisterOutcome {
  user: AuthUser;
  /** Which later step failed, the account having been made; said to the claimant. */
  warning: RegisterWarning | null;
  /** A link to confirm the address was emailed (the account can receive nothing until then). */
  confirmationSent: boolean;
}

/**
 * Turns the anonymous claimant into a registered one with the same uid (so every answer
 * stays), then writes the profile and puts the phone number on the account. The email and
 * phone typed on the form fill the local profile first: the upgrade checks it.
 */
export function registerAccount(input: { email: string; phoneNumber: string; password: string }) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<RegisterOutcome> => {
    const uid = getState().auth.user?.uid;
    if (uid) {
      dispatch(
        profileFieldsUpdated({
          uid,
          fields: { email: input.email, phoneNumber: input.phoneNumber },
        }),
      );
    }
    const state = getState();
    const profileState = selectProfileState(state);
    const local = uid && profileState.uid === uid ? profileState.profile : null;
    const user = await upgradeAnonymousUser(local, input.password);
    dispatch(authStateChanged(user));
    const profile = { ...emptyProfile(user.uid), ...local };
    const fields: ProfileFields = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
    };
    let warning: RegisterWarning | null = null;
    try {
      await dispatch(saveProfile(user.uid, fields));
    } catch (error) {
      console.error(error);
      warning = { step: 'detailsNotSaved' };
    }
    try {
      await dispatch(setUserContactDetails(input.phoneNumber));
    } catch (error) {
      warning = {
        step: 'mobileNotAdded',
        reason: error instanceof Error ? error.message : String(error),
      };
    }
    let confirmationSent = false;
    try {
      confirmationSent = !(await dispatch(requestEmailConfirmation())).alreadyConfirmed;
    } catch (error) {
      console.error(error);
      warning ??= { step: 'confirmationNotSent' };
    }
    return { user, warning, confirmationSent };
  };
}

/** Email and password sign-in; an anonymous claimant's claims move into the account. */
export function signInToAccount(email: string, password: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<SignInResult> => {
    await claimSaved(getState);
    const before = getState().auth.user;
    const result = await mergeReplacedSession(dispatch, await signInWithPassword(email, password));
    forgetMergedDrafts(before?.isAnonymous ? before.uid : null, result);
    return result;
  };
}

/** What redeeming a single-use link did, for the page that follows. */
export interface LinkOutcome extends SignInResult {
  purpose: EmailLinkRedemption['purpose'];
  /** Whether the link signed this browser in (a confirm link opened where asked does not). */
  signedIn: boolean;
  /** A password set on the account before its address was proved was removed. */
  passwordRemoved: boolean;
  continueAt: EmailLinkRedemption['continueAt'];
  claim: EmailLinkRedemption['claim'];
}

/** What the person gave where a link was opened: the address it was sent to, and their yes. */
export interface LinkAnswers {
  email?: string;
  confirmed?: boolean;
}

/**
 * What a single-use link would do, without using it: whether the address it was sent to must
 * be typed first (this browser did not ask for it), and then what to ask before using it.
 */
export function checkLink(token: string, email?: string) {
  return async (
    dispatch: AppDispatch,
    getState: () => RootState,
  ): Promise<GatewayResponse<'checkEmailLink'>> => {
    await requireInitialisedAuth(getState);
    return await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.checkEmailLink.initiate({
        token,
        requester: linkRequester(),
        email,
      }),
    ).unwrap();
  };
}

/**
 * Opens a single-use link (sign in, come back later, confirm an address, a claim's, support's)
 * on any device: the gateway checks what it proves, moves the claims it should (this
 * browser's own anonymous claim included), and answers with a session to sign in with.
 * `answers` carries what checkLink said the link needs here.
 */
export function redeemLink(token: string, answers: LinkAnswers = {}) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<LinkOutcome> => {
    await requireInitialisedAuth(getState);
    await claimSaved(getState);
    const before = getState().auth.user;
    const redemption = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.redeemEmailLink.initiate({
        token,
        requester: linkRequester(),
        ...answers,
      }),
    ).unwrap();
    const user = redemption.signInToken ? await signInWithToken(redemption.signInToken) : before;
    if (!user) failWith('No authenticated user');
    dispatch(authStateChanged(user));
    const result: SignInResult = { user, merged: redemption.merged, mergeFailed: false };
    // The moved claims' copies in this browser are stale: the server's are the ones to load.
    forgetMergedDrafts(before?.isAnonymous ? before.uid : null, result);
    forgetMergedDrafts(redemption.merged?.mergedUid ?? null, result);
    return {
      ...result,
      purpose: redemption.purpose,
      signedIn: redemption.signInToken !== null,
      passwordRemoved: redemption.passwordRemoved,
      continueAt: redemption.continueAt,
      claim: redemption.claim,
    };
  };
}

/** "This was not me", from a confirm-your-address email: that account's ways in end. */
export function refuseLink(token: string, email: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    await requireInitialisedAuth(getState);
    await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.refuseEmailLink.initiate({ token, email }),
    ).unwrap();
  };
}

/**
 * Signs out to a fresh anonymous session. Saved claims are on the server, so this browser's
 * copies of them are removed, including claims not opened since this page loaded: a shared
 * computer keeps nothing of the claimant. Only answers still waiting to be sent (offline)
 * stay, to be sent when the claimant signs in here again.
 */
export function signOutOfAccount() {
  return async (_dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    await claimSaved(getState);
    const state = getState();
    const uid = state.auth.user?.uid;
    if (uid && !state.auth.user?.isAnonymous) {
      draftStorage.removeAllOf(uid, { keepUnsent: true });
    }
    await signOut();
  };
}

/** A password-reset email whose continue URL is the login page. */
export function sendPasswordResetEmail(email: string) {
  return (): Promise<void> => sendPasswordReset(email);
}

/** Has the gateway email a single-use sign-in link to the login page. */
export function sendEmailSignInLink(email: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    await requireInitialisedAuth(getState);
    await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.requestSignInLink.initiate({
        email,
        requester: linkRequester(),
      }),
    ).unwrap();
  };
}

/** Has the gateway email the signed-in claimant a link to confirm their address. */
export function requestEmailConfirmation() {
  return async (
    dispatch: AppDispatch,
    getState: () => RootState,
  ): Promise<GatewayResponse<'requestEmailProof'>> => {
    await requireInitialisedAuth(getState);
    return await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.requestEmailProof.initiate({
        requester: linkRequester(),
      }),
    ).unwrap();
  };
}

/** Changes the signed-in claimant's email: at once, or once they follow a verification email. */
export function changeEmailAddress(email: string) {
  return (): Promise<'updated' | 'verification-sent'> => updateEmailAddress(email);
}

/** The other upgrade: an email-link account sets a password. */
export function setAccountPassword(password: string) {
  return (): Promise<AuthUser> => setPassword(password);
}

/**
 * Thrown when the claimant's answers have not all reached the gateway (offline, or it is
 * failing): the save-and-return page says so in its own words (`error.answersNotSent`).
 */
class AnswersNotSentError extends Error {
  readonly code = 'answers-not-sent';
  constructor() {
    super('Continued pages have not reached the gateway yet');
    this.name = 'AnswersNotSentError';
  }
}

export function isAnswersNotSentError(error: unknown): error is AnswersNotSentError {
  return errorCodeOf(error) === 'answers-not-sent';
}

/**
 * "Save and come back later": once every continued page is on the server, the gateway
 * records the request and emails a single-use link back to the claim.
 */
export function requestSaveAndReturnLink(funnelId: string, email: string) {
  return async (
    dispatch: AppDispatch,
    getState: () => RootState,
  ): Promise<{ renewableUntil: string }> => {
    await requireInitialisedAuth(getState);
    await claimSaved(getState);
    const draft = getState().claim.byFunnel[funnelId];
    if (draft && draft.unsavedPageIds.length > 0) throw new AnswersNotSentError();
    const { renewableUntil } = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.requestSaveAndReturn.initiate({
        funnelId,
        email,
        requester: linkRequester(),
      }),
    ).unwrap();
    return { renewableUntil };
  };
}

/** A new link for a request whose emailed link ran out; only its own address may have one. */
export function renewSaveAndReturnLink(requestId: string, email: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    await requireInitialisedAuth(getState);
    await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.renewSaveAndReturn.initiate({
        requestId,
        email,
        requester: linkRequester(),
      }),
    ).unwrap();
  };
}

/** A new link to a claim whose emailed link ran out or was used, to the address it holds. */
export function renewClaimLink(claimId: string, email: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    await requireInitialisedAuth(getState);
    await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.renewClaimLink.initiate({
        claimId,
        email,
        requester: linkRequester(),
      }),
    ).unwrap();
  };
}

/**
 * Subject access: everything the gateway holds about the claimant, with what this browser
 * keeps of their choices (analytics consent), as one JSON document to save.
 */
export function downloadMyData() {
  return async (
    dispatch: AppDispatch,
    getState: () => RootState,
  ): Promise<Record<string, unknown>> => {
    await requireInitialisedAuth(getState);
    const { data } = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.exportMyData.initiate({}),
    ).unwrap();
    const consent = getState().consent ?? null;
    return { ...data, thisDevice: { consent } };
  };
}

/**
 * Deletes the claimant's account through the gateway, then everything this browser keeps of
 * them, and signs out to a fresh anonymous session.
 * @returns how many sent claims the firm keeps (detached from the account)
 */
export function deleteAccount() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<number> => {
    await requireInitialisedAuth(getState);
    const uid = getState().auth.user?.uid;
    const { keptClaims } = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.deleteMyAccount.initiate({ confirm: true }),
    ).unwrap();
    if (uid) draftStorage.removeAllOf(uid);
    await signOut();
    return keptClaims;
  };
}
