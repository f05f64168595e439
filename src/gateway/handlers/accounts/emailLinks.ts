/**
 * Single-use links: the gateway emails them (sign in, confirm an address, come back later,
 * the link in an email about one claim) or support mints them (`npm run resume-link`), and redeems each once. Redeeming is the
 * only way a link becomes a session: the gateway checks what the link proves, moves what
 * must move, and answers with a custom token for the browser to sign in with.
 */
import type { MergeAnonymousUserResult } from '../../../runtime/contract';
import { adminAuth } from '../../infra/firebaseAdmin';
import { HttpsError } from 'firebase-functions/v2/https';
import { failedPrecondition, invalidArgument } from '../../call/errors';
import { findAuthUser, findAuthUserByEmail } from '../../infra/authUsers';
import { logs } from '../../infra/logs';
import { sendLinkMail } from '../../mail/linkMail';
import {
  emailLinkRepository,
  isRedeemer,
  requesterDigestOf,
  type EmailLink,
  type LinkRedeemer,
} from '../../repositories/emailLinkRepository';
import { emailProofRepository } from '../../repositories/emailProofRepository';
import { canonicalEmail } from '../../repositories/saveAndReturnRepository';
import { anonymousUserState, moveAnonymousUserInto } from './anonymousMerge';
import type { Handler, HandlerContext } from '../handler';
import {
  endMakerSessions,
  endWaysIn,
  giveProvedAddress,
  takeOverByProvedAddress,
} from './provedAddress';
import { addressClaimantOf, claimsInProgressOf, linkOpeningOf } from './linkOpening';
import { formatDateTime } from '../../mail/mailWords';
import { redeemClaimLink } from './claimLinks';
import { continueAtOf, finishSaveAndReturn, NO_LONGER_VALID } from './saveAndReturn';
import { gatewayText } from '../../gatewayText';

const LINK_USED_OR_EXPIRED = gatewayText('link.usedOrExpired');

function loginLinkUrl(context: HandlerContext, token: string): string {
  return `${context.config.siteUrl}/login?${new URLSearchParams({ link: token }).toString()}`;
}

/**
 * "Email me a sign-in link": answered the same whether or not the address has an account,
 * so the form cannot be used to find out who has one.
 */
export const requestSignInLink: Handler<'requestSignInLink'> = async (data, context) => {
  const { expiresAt } = await sendLinkMail(
    {
      purpose: 'sign-in',
      email: data.email,
      uid: null,
      funnelId: null,
      requestId: null,
      requesterDigest: requesterDigestOf(data.requester),
    },
    (token) => loginLinkUrl(context, token),
    {},
    context,
  );
  return { sent: true as const, expiresAt: expiresAt.toISOString() };
};

/**
 * After registering with a password, the claimant proves the address is theirs; until then
 * nothing started without signing in can be moved into the account.
 */
export const requestEmailProof: Handler<'requestEmailProof'> = async (data, context) => {
  const record = await findAuthUser(context.uid);
  if (!record?.email) {
    throw failedPrecondition(gatewayText('emailProof.noAddress'));
  }
  if (await emailProofRepository.isProved(context.uid, record.email)) {
    return { alreadyConfirmed: true, email: record.email };
  }
  await sendLinkMail(
    {
      purpose: 'confirm-email',
      email: record.email,
      uid: context.uid,
      funnelId: null,
      requestId: null,
      requesterDigest: requesterDigestOf(data.requester),
    },
    (token) => loginLinkUrl(context, token),
    // What it confirms (the account, made when), and the way to say it was not them.
    (token) => ({
      createdAt: formatDateTime(new Date(record.metadata.creationTime)),
      notMeLink: `${loginLinkUrl(context, token)}&notMe=1`,
    }),
    context,
  );
  return { alreadyConfirmed: false, email: record.email };
};

/**
 * What a link would do, without using it: whether the address it was sent to must be typed
 * first, and then the question to ask before using it (linkOpening.ts).
 */
export const checkEmailLink: Handler<'checkEmailLink'> = async (data, context) => {
  const link = await emailLinkRepository.peek(data.token);
  if (!link) {
    // This browser used it, and is asking again after its answer was lost: redeeming again
    // gives that answer again (redeemEmailLink).
    const use = await emailLinkRepository.useOf(data.token);
    if (use && isRedeemer(use, redeemerOf(data, context))) {
      return {
        live: true,
        purpose: use.link.purpose,
        needsAddress: false,
        question: null,
        stay: null,
      };
    }
    return { live: false, purpose: null, needsAddress: false, question: null, stay: null };
  }
  const opening = await linkOpeningOf(link, data, context);
  const [first] = opening.claimsInProgress ?? (await claimsInProgressOf(context.uid));
  return {
    live: true,
    purpose: link.purpose,
    needsAddress: opening.needsAddress,
    question: opening.needsAddress && data.email === undefined ? null : opening.question,
    stay: first ? { funnelId: first.funnelId, pageId: first.pageId } : null,
  };
};

interface Outcome {
  uid: string;
  merged: MergeAnonymousUserResult | null;
  passwordRemoved: boolean;
  continueAt: { funnelId: string; pageId: string } | null;
  claim: { funnelId: string; claimId: string } | null;
}

/** Puts both merges' results together, for the browser's notice and redirect. */
function joinMerges(
  first: MergeAnonymousUserResult | null,
  second: MergeAnonymousUserResult | null,
): MergeAnonymousUserResult | null {
  if (!first || !second) return first ?? second;
  return {
    mergedUid: first.mergedUid ?? second.mergedUid,
    moved: [...first.moved, ...second.moved],
    choices: [...first.choices, ...second.choices],
    profileMerged: first.profileMerged || second.profileMerged,
  };
}

/**
 * Moves an anonymous user's claims into `target`, when it still is anonymous and another.
 * The calling browser's own session is kept (moveAnonymousUserInto): it must be able to
 * redeem again if the answer is lost on the way.
 */
async function moveIfAnonymous(target: string, uid: string | null, context: HandlerContext) {
  if (!uid || uid === target) return null;
  const state = await anonymousUserState(uid);
  if (state !== 'anonymous') return null;
  return (await moveAnonymousUserInto(target, uid, state, { keepSession: uid === context.uid }))
    .result;
}

/**
 * A link that proves its address (sign in, come back later): the account with that address,
 * made safe first (see takeOverByProvedAddress), receives the claimant's claims; when no
 * account has it, the claimant's own anonymous user is given it (same uid, every answer):
 * who asked to come back later, or this browser's session where this browser asked for the
 * link. Anywhere else a new account is made with the address. A "come back later" claimant
 * who is not this session has had their address proved by someone else: their sessions end.
 */
async function redeemAddressLink(
  link: EmailLink,
  asked: boolean,
  context: HandlerContext,
): Promise<Outcome> {
  const email = canonicalEmail(link.email ?? '');
  const callerAnonymous = context.token.firebase.sign_in_provider === 'anonymous';
  const claimant = addressClaimantOf(link, asked, context);
  if (link.purpose === 'save-and-return') {
    const state = claimant ? await anonymousUserState(claimant) : 'gone';
    if (state === 'gone') throw failedPrecondition(NO_LONGER_VALID);
    const record = state === 'registered' ? await findAuthUser(claimant!) : null;
    if (record && canonicalEmail(record.email ?? '') !== email) {
      throw failedPrecondition(gatewayText('link.claimNowInAccount'));
    }
  }
  const account = await findAuthUserByEmail(email);

  let target: string;
  let passwordRemoved = false;
  if (account) {
    target = account.uid;
    // Every earlier way into the account ends before anything moves into it.
    ({ passwordRemoved } = await takeOverByProvedAddress(target, email));
  } else if (claimant && (await anonymousUserState(claimant)) === 'anonymous') {
    target = claimant;
    await giveProvedAddress(target, email);
    if (claimant !== context.uid) await endMakerSessions(claimant);
  } else {
    target = (await adminAuth().createUser({ email, emailVerified: true })).uid;
    await emailProofRepository.record(target, email);
  }
  // The link's claimant, then this browser's own anonymous session when it is someone else.
  const fromClaimant = await moveIfAnonymous(target, claimant, context);
  const fromDevice = callerAnonymous ? await moveIfAnonymous(target, context.uid, context) : null;
  let continueAt = null;
  if (link.purpose === 'save-and-return' && link.funnelId) {
    continueAt = await continueAtOf(target, link.funnelId);
    await finishSaveAndReturn(link);
  }
  return {
    uid: target,
    merged: joinMerges(fromClaimant, fromDevice),
    passwordRemoved,
    continueAt,
    claim: null,
  };
}

/**
 * A confirm-your-address link. Opened where it was asked for, it records the proof for the
 * account that asked, and signs nobody in. Opened anywhere else, the proof belongs to whoever
 * opened it, not to whoever made the account: like a sign-in link, it ends every way into the
 * account that came before (its password, its sessions) and signs the opener in to it.
 */
async function redeemConfirmLink(
  link: EmailLink,
  asked: boolean,
  context: HandlerContext,
): Promise<Outcome> {
  const record = link.uid ? await findAuthUser(link.uid) : null;
  if (!record || canonicalEmail(record.email ?? '') !== link.email) {
    throw failedPrecondition(gatewayText('link.accountAddressChanged'));
  }
  if (asked) {
    await giveProvedAddress(record.uid, record.email!);
    return { uid: record.uid, merged: null, passwordRemoved: false, continueAt: null, claim: null };
  }
  const { passwordRemoved } = await takeOverByProvedAddress(record.uid, link.email);
  const callerAnonymous = context.token.firebase.sign_in_provider === 'anonymous';
  const merged = callerAnonymous ? await moveIfAnonymous(record.uid, context.uid, context) : null;
  return { uid: record.uid, merged, passwordRemoved, continueAt: null, claim: null };
}

/** A support link: signs in as the claimant support minted it for, moving nothing. */
async function redeemSupportLink(link: EmailLink): Promise<Outcome> {
  if (!link.uid || !(await findAuthUser(link.uid))) throw failedPrecondition(NO_LONGER_VALID);
  return { uid: link.uid, merged: null, passwordRemoved: false, continueAt: null, claim: null };
}

/**
 * Uses a link up (once; of racing calls, one wins) and says who the browser is now:
 * `signInToken` signs it in as `uid` (a fresh session, which also outlives the revocation of
 * an account taken over). Refused, using nothing, when the browser skipped a step the link
 * needs where it was opened (the address it was sent to, or a yes to the question).
 * A confirm-your-address link opened where it was asked for signs nobody in: it only records
 * the proof, and `signInToken` is null.
 */
export const redeemEmailLink: Handler<'redeemEmailLink'> = async (data, context) => {
  const redeemer = redeemerOf(data, context);
  const peeked = await emailLinkRepository.peek(data.token);
  if (!peeked) return answerAgain(data.token, redeemer);
  const opening = await linkOpeningOf(peeked, data, context);
  if (opening.needsAddress && data.email === undefined) {
    throw invalidArgument(gatewayText('link.addressNeeded'), [
      { field: 'data.email', message: 'is required where the link was not asked for' },
    ]);
  }
  if (opening.question && data.confirmed !== true) {
    throw failedPrecondition(gatewayText('link.confirmFirst'));
  }
  const link = await emailLinkRepository.redeem(data.token, redeemer);
  // A racing redeem won: this browser's own (a retry sent before the first answered) waits
  // for that one's answer; anyone else's finds the link used.
  if (!link) return answerAgain(data.token, redeemer);
  let outcome: Outcome;
  try {
    outcome =
      link.purpose === 'support'
        ? await redeemSupportLink(link)
        : link.purpose === 'claim'
          ? await redeemClaimLink(link, context)
          : link.purpose === 'confirm-email'
            ? await redeemConfirmLink(link, opening.asked, context)
            : await redeemAddressLink(link, opening.asked, context);
  } catch (error) {
    // A refusal is the answer too: asked again, the link refuses the same way.
    if (error instanceof HttpsError && error.code === 'failed-precondition') {
      await emailLinkRepository.recordUse(data.token, { refusal: error.message });
    }
    throw error;
  }
  const signsIn = !(link.purpose === 'confirm-email' && opening.asked);
  const answer = { purpose: link.purpose, signsIn, ...outcome };
  await emailLinkRepository.recordUse(data.token, { answer });
  logs.emailLinkRedeemed(link.purpose, link.uid ?? '', outcome.uid);
  return withSignInToken(answer);
};

/** The session and browser a redeem comes from, as a link's use records them. */
function redeemerOf(data: { requester?: string }, context: HandlerContext): LinkRedeemer {
  return { uid: context.uid, requesterDigest: requesterDigestOf(data.requester) };
}

/** A redeem's answer as its use records it: no sign-in token, which is made fresh each time. */
type StoredAnswer = Outcome & { purpose: EmailLink['purpose']; signsIn: boolean };

/** What a redeem answers: the outcome, with a fresh sign-in token when the link signs in. */
async function withSignInToken({ signsIn, ...answer }: StoredAnswer) {
  const signInToken = signsIn ? await adminAuth().createCustomToken(answer.uid) : null;
  return { ...answer, signInToken };
}

const ANSWER_WAIT_MS = 20_000;
const ANSWER_POLL_MS = 200;

/**
 * A used link, redeemed again. The browser that used it (the same session, with the same
 * secret) gets the same answer while the link would still be live, so a redeem whose answer
 * was lost on the way can simply be sent again: a retry that arrives while the first is still
 * at work waits for it. Anyone else finds the link used.
 */
async function answerAgain(token: string, redeemer: LinkRedeemer) {
  let use = await emailLinkRepository.useOf(token);
  if (!use || !isRedeemer(use, redeemer)) throw failedPrecondition(LINK_USED_OR_EXPIRED);
  for (let waited = 0; use && !use.answer && !use.refusal; waited += ANSWER_POLL_MS) {
    if (waited >= ANSWER_WAIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
    use = await emailLinkRepository.useOf(token);
  }
  if (use?.refusal) throw failedPrecondition(use.refusal);
  if (!use?.answer) throw failedPrecondition(LINK_USED_OR_EXPIRED);
  // The answer this handler recorded for the link's use (recordUse), read back as stored.
  return withSignInToken(use.answer as unknown as StoredAnswer);
}

/**
 * "This was not me", from a confirm-your-address email: whoever made an account with the
 * address (the person typed it, proving they know it) loses every way into it: its password
 * and every session end, and its other pending links go. Only a link to the address, which
 * goes to its holder, can open the account again.
 */
export const refuseEmailLink: Handler<'refuseEmailLink'> = async (data, context) => {
  const peeked = await emailLinkRepository.peek(data.token);
  if (!peeked) throw failedPrecondition(LINK_USED_OR_EXPIRED);
  if (peeked.purpose !== 'confirm-email' || !peeked.uid) {
    throw failedPrecondition(gatewayText('link.notConfirmLink'));
  }
  if (canonicalEmail(data.email) !== peeked.email) {
    throw invalidArgument(gatewayText('link.notThatAddress'), [
      { field: 'data.email', message: 'is not the email address the link was sent to' },
    ]);
  }
  const link = await emailLinkRepository.redeem(data.token, redeemerOf({}, context));
  if (!link?.uid) throw failedPrecondition(LINK_USED_OR_EXPIRED);
  const record = await findAuthUser(link.uid);
  // The account still holding the address: one that has moved on is no longer the address's.
  if (record && canonicalEmail(record.email ?? '') === link.email) {
    await endWaysIn(record.uid);
    await emailLinkRepository.removeAllOf(record.uid);
  }
  logs.accountWaysInEnded(link.uid, 'address-holder-refused');
  return { ended: true as const };
};
