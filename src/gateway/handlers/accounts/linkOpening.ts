/**
 * Who may use a link, and what they are asked first. A link works for whoever holds it, so
 * someone can send a person a link they asked for themselves (to their own address, or about
 * a claim they made naming the person's address) and, if opening it did its work at once,
 * sign that person into the sender's account with their claim. So, as Firebase's own
 * email-link sign-in does:
 *
 * - A link opened where it was not asked for (another browser than the one that asked, or a
 *   link no browser asked for) says nothing and does nothing until the address it was sent to
 *   is typed. The browser that asked is known by its secret (requesterDigestOf); a session
 *   that is the link's own claimant counts as having asked.
 * - A link's address goes onto this browser's own anonymous session only where this browser
 *   asked for the link; anywhere else the link signs in to the address's own account (made
 *   if need be), so an address someone else asked a link for never attaches itself here.
 * - Then, when using it would change who this browser is signed in as while it holds claims
 *   (sent or in progress) or an account, or move this browser's claims, the person is shown
 *   which account or claim it is and asked; "no" changes nothing. A support link always asks
 *   (it proves nothing); a claim link whose address was typed here proved it, and with
 *   nothing here to leave, opens its claim without a second question.
 *
 * checkEmailLink answers with this; redeemEmailLink works it out again and refuses a use the
 * browser skipped a step of, so a page that does not ask cannot use a link.
 */
import type { EmailLinkPurpose, LinkQuestion } from '../../../runtime/contract';
import { claimContactOf } from '../../../runtime/claim';
import { invalidArgument } from '../../call/errors';
import { findAuthUser, findAuthUserByEmail } from '../../infra/authUsers';
import { funnelRegistry } from '../../infra/funnelRegistry';
import { claimRepository, isoOf, type StoredClaim } from '../../repositories/claimRepository';
import { requesterDigestOf, type EmailLink } from '../../repositories/emailLinkRepository';
import { canonicalEmail } from '../../repositories/saveAndReturnRepository';
import { gatewayText } from '../../gatewayText';
import type { HandlerContext } from '../handler';
import { anonymousUserState } from './anonymousMerge';

/** What the browser sent with a link: its secret, and the address typed, if any. */
interface LinkOpener {
  requester?: string;
  email?: string;
}

interface LinkOpening {
  /** Opened in the browser that asked for it, or by the link's own claimant. */
  asked: boolean;
  needsAddress: boolean;
  question: LinkQuestion | null;
  /** The caller's claims in progress, when they were read to decide (null when not). */
  claimsInProgress: ClaimInProgress[] | null;
}

type ClaimInProgress = LinkQuestion['claimsInProgress'][number];

const ADDRESS_PURPOSES: ReadonlySet<EmailLinkPurpose> = new Set([
  'sign-in',
  'save-and-return',
  'confirm-email',
]);

function titleOf(funnelId: string): string {
  return funnelRegistry().getFunnel(funnelId)?.title ?? funnelId;
}

function heldClaim(claim: StoredClaim): ClaimInProgress {
  const funnelId = claim.data.funnelId;
  return {
    funnelId,
    title: titleOf(funnelId),
    pageId: typeof claim.data.currentPageId === 'string' ? claim.data.currentPageId : null,
  };
}

/**
 * The caller's claims a switch would leave or move: those in progress (not sent, with
 * answers) and those sent, which count as much.
 */
async function claimsHeldOf(
  uid: string,
): Promise<{ inProgress: ClaimInProgress[]; sent: ClaimInProgress[] }> {
  const claims = await claimRepository.listOf(uid);
  const sent = claims.filter((claim) => claim.data.status === 'submitted');
  const inProgress = claims.filter(
    (claim) =>
      claim.data.status !== 'submitted' && Object.keys(claim.data.answers ?? {}).length > 0,
  );
  return { inProgress: inProgress.map(heldClaim), sent: sent.map(heldClaim) };
}

/** The caller's claims not sent yet that have answers: what "stay as I am" goes back to. */
export async function claimsInProgressOf(uid: string): Promise<ClaimInProgress[]> {
  return (await claimsHeldOf(uid)).inProgress;
}

/**
 * The anonymous claimant an address link gives its address to when no account has it: who
 * asked to come back later, or this browser's own session where this browser asked for the
 * link; null when there is none (the link then makes a new account).
 */
export function addressClaimantOf(link: EmailLink, asked: boolean, context: HandlerContext) {
  if (link.purpose === 'save-and-return') return link.uid;
  const callerAnonymous = context.token.firebase.sign_in_provider === 'anonymous';
  return asked && callerAnonymous ? context.uid : null;
}

/**
 * Whom the link would sign this browser in as: an address link, the account with its address
 * (or, with none, the anonymous claimant it is given to, addressClaimantOf); a confirm link
 * opened elsewhere, the account it confirms; a claim or support link, its claimant. Null when
 * it would make a new account.
 */
async function targetOf(link: EmailLink, asked: boolean, context: HandlerContext) {
  if (link.purpose === 'confirm-email') return asked ? context.uid : link.uid;
  if (!ADDRESS_PURPOSES.has(link.purpose)) return link.uid;
  const account = await findAuthUserByEmail(canonicalEmail(link.email ?? ''));
  if (account) return account.uid;
  const claimant = addressClaimantOf(link, asked, context);
  return claimant && (await anonymousUserState(claimant)) === 'anonymous' ? claimant : null;
}

/** The claim a claim link opens, or a support link's claimant's latest. */
async function claimOpened(link: EmailLink): Promise<StoredClaim | null> {
  if (link.purpose === 'claim') return link.claimId ? claimRepository.byId(link.claimId) : null;
  if (link.purpose !== 'support' || !link.uid) return null;
  const claims = await claimRepository.listOf(link.uid);
  return (
    claims.sort((a, b) =>
      (isoOf(b.data.updatedAt) ?? '').localeCompare(isoOf(a.data.updatedAt) ?? ''),
    )[0] ?? null
  );
}

/** The account or claimant a link signs in as, as the question shows them. */
async function signsInAsOf(link: EmailLink, target: string | null, claim: StoredClaim | null) {
  const record = target ? await findAuthUser(target) : null;
  const funnel = claim ? funnelRegistry().getFunnel(claim.data.funnelId) : undefined;
  const contact = claim ? claimContactOf(funnel?.roles, claim.data.answers) : null;
  return {
    email: record?.email ?? link.email ?? null,
    name: contact?.name ?? null,
    createdAt: record ? new Date(record.metadata.creationTime).toISOString() : null,
  };
}

/**
 * What opening `link` here needs: the address typed (checked against the link's when given:
 * a wrong one is refused, naming `data.email`), then the question, if any.
 */
export async function linkOpeningOf(
  link: EmailLink,
  opener: LinkOpener,
  context: HandlerContext,
): Promise<LinkOpening> {
  const fromAsker =
    link.requesterDigest != null && requesterDigestOf(opener.requester) === link.requesterDigest;
  const asked = fromAsker || (link.uid !== null && link.uid === context.uid);
  const needsAddress = !asked && link.email !== null;
  if (needsAddress) {
    if (opener.email === undefined) {
      return { asked, needsAddress, question: null, claimsInProgress: null };
    }
    if (canonicalEmail(opener.email) !== link.email) {
      throw invalidArgument(gatewayText('link.notThatAddress'), [
        { field: 'data.email', message: 'is not the email address the link was sent to' },
      ]);
    }
  }
  const target = await targetOf(link, asked, context);
  const switches = target !== context.uid;
  if (!switches) return { asked, needsAddress, question: null, claimsInProgress: null };
  const callerAnonymous = context.token.firebase.sign_in_provider === 'anonymous';
  const { inProgress, sent } = await claimsHeldOf(context.uid);
  const holdsSomething = inProgress.length > 0 || sent.length > 0 || !callerAnonymous;
  // Where it was asked for, an address link does what the person asked for there; a claim
  // link asks before it puts this browser's claims out of view, and, opened elsewhere, before
  // it signs an account out (typing its address proved it: with nothing here, it just opens);
  // a support link, which proves nothing, always asks.
  const ask =
    link.purpose === 'support'
      ? !asked || inProgress.length > 0 || sent.length > 0
      : link.purpose === 'claim'
        ? inProgress.length > 0 || sent.length > 0 || (!asked && !callerAnonymous)
        : !asked && holdsSomething;
  if (!ask) return { asked, needsAddress, question: null, claimsInProgress: inProgress };
  const opensClaim = link.purpose === 'claim' || link.purpose === 'support';
  const claim = await claimOpened(link);
  const claimsMove = !opensClaim && callerAnonymous;
  return {
    asked,
    needsAddress,
    claimsInProgress: inProgress,
    question: {
      signsInAs: await signsInAsOf(link, target, claim),
      opens: claim
        ? { title: titleOf(claim.data.funnelId), startedAt: isoOf(claim.data.createdAt) }
        : null,
      claimsInProgress: inProgress,
      claimsSent: sent,
      claimsMove,
      signedInAs: callerAnonymous ? null : (context.token.email ?? null),
      mustSaveFirst: opensClaim && callerAnonymous && inProgress.length > 0,
    },
  };
}
