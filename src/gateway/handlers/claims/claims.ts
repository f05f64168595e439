import { createHash } from 'node:crypto';
import { site } from '../../../content/site';
import { createClaimReference } from '../../../runtime/claim';
import {
  funnelLocale,
  funnelLocales,
  isClaimComplete,
  localizeFunnel,
  resolvePath,
} from '../../../runtime/funnel';
import type { FunnelRegistry, PageAnswers } from '../../../runtime/funnel';
import {
  type InvalidField,
  failedPrecondition,
  invalidArgument,
  isAlreadyExists,
} from '../../call/errors';
import { logs } from '../../infra/logs';
import { PROFILE_SOURCE_PAGE } from '../../../runtime/constants';
import {
  clampStamp,
  clampStamps,
  claimContactOf,
  isSameStampedPage,
  mergeStampedPages,
  profileFieldsOf,
  roleProfileFieldsOf,
} from '../../../runtime/claim';
import { claimMailAllowanceIn, queueClaimMail } from '../../mail/claimMail';
import { claimLocaleOf } from '../../mail/mailWords';
import {
  claimRepository,
  lastEditOf,
  storedPageOf,
  toClaimView,
} from '../../repositories/claimRepository';
import {
  findClaimAmong,
  knownAnswersAmong,
  otherClaimsNamingAVehicleAmong,
  pinnedVersionOf,
  readView,
  requireFunnel,
} from './claimLookup';
import { userRepository } from '../../repositories/userRepository';
import { letterToSign, signatureEvidence } from './letterOfAuthority';
import type { Handler } from '../handler';
import { inTransaction } from '../../repositories/transaction';
import { rolesOf, stagesOf, subjectKeyIn } from '../../infra/funnelRegistry';
import { gatewayText } from '../../gatewayText';
import { attachFilesIn, storedFilesIn } from '../evidence/answerFiles';

/**
 * A claim's reference, derived from its id: however many submits of one claim race, they
 * all give it the same reference (27^8 references, as many as random ones would give).
 */
function referenceOf(claimId: string): string {
  const digest = createHash('sha256').update(`claim-reference:${claimId}`).digest();
  return createClaimReference((array) => {
    for (let i = 0; i < array.length; i += 1) array[i] = digest.readUInt32BE(i * 4);
    return array;
  }, site.identity.referencePrefix);
}

function submittedClaimError(locale?: string) {
  return failedPrecondition(gatewayText('claim.submittedUnchangeable', {}, locale));
}

/**
 * A page's answers as saved, from the registry of the version the claim is on: the page and
 * the next page exist there, and the answers pass its page schema (normalised as stored).
 * @throws invalidArgument naming the field otherwise
 */
function checkedPage(
  registry: FunnelRegistry,
  data: { funnelId: string; pageId: string; nextPageId?: string; answers: unknown },
  readerLocale: string,
): PageAnswers {
  if (!registry.getPage(data.funnelId, data.pageId)) {
    throw invalidArgument(gatewayText('claim.unknownPage', { pageId: data.pageId }, readerLocale), [
      { field: 'data.pageId', message: `is not a page of ${data.funnelId}` },
    ]);
  }
  if (data.nextPageId && !registry.getPage(data.funnelId, data.nextPageId)) {
    throw invalidArgument(
      gatewayText('claim.unknownPage', { pageId: data.nextPageId }, readerLocale),
      [{ field: 'data.nextPageId', message: `is not a page of ${data.funnelId}` }],
    );
  }
  const result = registry.validatePage(data.funnelId, data.pageId, data.answers);
  if (!result.valid) {
    throw invalidArgument(
      gatewayText('claim.invalidAnswers', { pageId: data.pageId }, readerLocale),
      result.errors.map((error) => ({
        field: ['data.answers', error.field].filter(Boolean).join('.'),
        message: error.message,
      })),
    );
  }
  // Postcodes and registrations are stored one way however they were typed.
  return registry.normalisePage(data.funnelId, data.pageId, data.answers as PageAnswers);
}

/**
 * The language the claimant says they read the claim in, when they say: one the funnel offers
 * (its own, or one its file is translated into).
 * @throws invalidArgument naming `data.locale` otherwise
 */
function offeredLocale(
  registry: FunnelRegistry,
  data: { funnelId: string; locale?: string },
): string | undefined {
  if (data.locale === undefined) return undefined;
  const offered = funnelLocales(registry.getFunnel(data.funnelId)!);
  if (!offered.includes(data.locale)) {
    throw invalidArgument(gatewayText('claim.localeNotOffered', { locale: data.locale }), [
      {
        field: 'data.locale',
        message: `is not a language ${data.funnelId} is offered in (${offered.join(', ')})`,
      },
    ]);
  }
  return data.locale;
}

/**
 * Saves one page's answers to the caller's current claim in the funnel after validating
 * them against the same page schema the browser used. The first save creates the draft
 * claim. A submitted claim is never changed: the claimant starts another (startClaim). A
 * refused page writes nothing.
 */
export const saveAnswers: Handler<'saveAnswers'> = async (data, context) => {
  requireFunnel(data.funnelId);
  // The answers the funnel's roles name (name, email, phone) are the claimant's profile too,
  // whatever the fields are called; the vehicle claim's start page also fills the profile's
  // own fields (same names), which its next claims are offered pre-filled. Written here, with
  // the page, so filling the profile costs no extra call (2 writes).
  const isProfileSource =
    data.funnelId === PROFILE_SOURCE_PAGE.funnelId && data.pageId === PROFILE_SOURCE_PAGE.pageId;
  // A stamp from a clock far ahead would freeze its field against later edits; so would one
  // the claim already holds from before such stamps were refused, so both are clamped.
  const now = Date.now();
  const stamps = clampStamps(data.fieldStamps ?? {}, now);
  const newestIncoming = Math.max(0, ...Object.values(stamps));
  // Parallel first saves (two tabs, an outbox retry) race to create the claim: the loser
  // runs again and merges into the claim the winner made, field by field. The call's quota
  // counters are counted in the same transaction: a page saved is one transaction.
  const saved = await context.countedTransaction(
    async (tx) => {
      const { claim: existing, nextClaimId } = await claimRepository.current(
        context.uid,
        data.funnelId,
        tx,
      );
      if (existing?.data.status === 'submitted') {
        throw submittedClaimError(claimLocaleOf(existing.data));
      }
      // Checked against the version the claim is on (a new claim starts on the current one);
      // a refusal here writes nothing.
      const version = pinnedVersionOf(existing, data.funnelId);
      const { registry } = version;
      // A refusal is said in the language the claimant reads the claim in.
      const readerLocale = data.locale ?? claimLocaleOf(existing?.data);
      const claimId = existing?.claimId ?? nextClaimId;
      // Files named by the page are taken only as this gateway recorded them.
      const { answers, fileIds } = await storedFilesIn(
        tx,
        registry,
        data,
        checkedPage(registry, data, readerLocale),
        { uid: context.uid, claimId },
        readerLocale,
      );
      const locale =
        offeredLocale(registry, data) ??
        (existing ? undefined : funnelLocale(registry.getFunnel(data.funnelId)!));
      const incoming = { answers, stamps };
      // Field by field, the later edit wins: a replayed or out-of-order save never overwrites a
      // newer answer, and two tabs editing different fields both keep theirs. A merge that no
      // longer validates (answers of two branches) gives way to this save's whole page.
      const stored = storedPageOf(existing, data.pageId);
      const merged = mergeStampedPages(
        stored && { answers: stored.answers, stamps: clampStamps(stored.stamps, now) },
        incoming,
      );
      const page =
        isSameStampedPage(merged, incoming) ||
        registry.validatePage(data.funnelId, data.pageId, merged.answers).valid
          ? merged
          : { answers, stamps: merged.stamps };
      const lastEdit = clampStamp(lastEditOf(existing), now);
      const fromRoles = roleProfileFieldsOf(rolesOf(data.funnelId), data.pageId, page.answers);
      if (isProfileSource || Object.keys(fromRoles).length > 0) {
        const profile = await userRepository.getIn(tx, context.uid);
        userRepository.saveIn(tx, context.uid, profile, {
          ...(isProfileSource ? profileFieldsOf(page.answers) : {}),
          ...fromRoles,
        });
      }
      const savedAt = claimRepository.savePage(tx, existing, {
        claimId,
        uid: context.uid,
        funnelId: data.funnelId,
        funnelVersion: { version: version.version, hash: version.hash },
        pageId: data.pageId,
        answers: page.answers,
        stamps: page.stamps,
        // Where the claimant is moves only with a save newer than every edit the claim holds.
        currentPageId:
          !existing || newestIncoming === 0 || newestIncoming >= lastEdit
            ? (data.nextPageId ?? data.pageId)
            : null,
        lastEditAt: Math.max(lastEdit, newestIncoming),
        subject: subjectKeyIn(data.funnelId, { [data.pageId]: page.answers }),
        ...(data.referral ? { referral: data.referral } : {}),
        ...(locale ? { locale } : {}),
      });
      attachFilesIn(tx, fileIds, claimId);
      return {
        claimId,
        updatedAt: savedAt.toDate().toISOString(),
        // PageAnswers' typed values go back as the plain JSON record the response contract names.
        answers: page.answers as Record<string, unknown>,
      };
    },
    { retryCreateRace: true },
  );
  // An acknowledgement, not the claim: the browser holds the answers it sent.
  return saved;
};

/**
 * The caller's current claim in a funnel, or null when they have not started one; with
 * `claimId`, that claim of theirs (null when it is not theirs or not in the funnel).
 */
export const getClaim: Handler<'getClaim'> = async (data, context) => {
  requireFunnel(data.funnelId);
  // One query of the caller's claims answers both: the claim, and the others it may duplicate.
  const claims = await claimRepository.listOf(context.uid);
  const stored = findClaimAmong(claims, data.funnelId, data.claimId);
  return {
    claim: stored ? toClaimView(stored.claimId, stored.data) : null,
    otherClaims: otherClaimsNamingAVehicleAmong(claims, data.funnelId, stored?.claimId ?? null),
    knownAnswers: await knownAnswersAmong(context.uid, claims, stored),
  };
};

/**
 * Submits the caller's current claim in the funnel once every page on its path is valid and it is signed, storing
 * the signature with its evidence (letter of authority text, version and SHA-256, server
 * time, user agent, IP). Idempotent: a double click or a retry returns the already-submitted
 * claim with the same reference and the first signature's evidence.
 */
export const submitClaim: Handler<'submitClaim'> = async (data, context) => {
  requireFunnel(data.funnelId);
  const submitting = inTransaction(async (tx) => {
    const { claim: stored } = await claimRepository.current(context.uid, data.funnelId, tx);
    if (!stored) {
      throw failedPrecondition(gatewayText('claim.nothingToSubmit'));
    }
    if (stored.data.status === 'submitted') return stored.claimId;
    // Checked and signed against the version the claim is on: the letter signed is that
    // version's, as this function holds it, never the caller's copy.
    const pinned = pinnedVersionOf(stored, data.funnelId);
    const { registry } = pinned;
    const funnel = registry.getFunnel(data.funnelId)!;
    // The letter as the claimant read it, and any refusal, in the language the claim is made in.
    const locale = claimLocaleOf(stored.data);
    const letter = await letterToSign(
      localizeFunnel(funnel, locale),
      data.letterOfAuthorityVersion,
      locale,
    );
    const answers = stored.data.answers;
    if (!isClaimComplete(funnel, answers, registry.evaluateCondition, registry.isPageValid)) {
      const fields: InvalidField[] = [];
      for (const page of resolvePath(funnel, answers, registry.evaluateCondition)) {
        const result = registry.validatePage(
          funnel.funnelId,
          page.pageId,
          answers[page.pageId] ?? {},
        );
        for (const error of result.errors) {
          fields.push({
            field: ['answers', page.pageId, error.field].filter(Boolean).join('.'),
            message: error.message,
          });
        }
      }
      if (fields.length === 0)
        fields.push({ field: 'answers', message: 'the claim does not end at a page to sign' });
      throw invalidArgument(gatewayText('claim.notComplete', {}, locale), fields);
    }
    const reference = referenceOf(stored.claimId);
    // Read through the roles of the funnel's current file (roles are not versioned).
    const contact = claimContactOf(rolesOf(data.funnelId), answers);
    const sent = { ...stored.data, reference, contact };
    // Read before the transaction's writes: anyone may name any address in a claim.
    const mailAllowance = await claimMailAllowanceIn(tx, sent, context.config);
    claimRepository.markSubmitted(
      tx,
      stored.claimId,
      reference,
      signatureEvidence(funnel, answers, letter, context, pinned, locale),
      contact,
      // Its funnel's first stage: the funnel's own lifecycle, or the shared file's.
      stagesOf(data.funnelId).initial,
    );
    // In the same transaction as the create-only submission record: a raced second submit
    // fails on that record, so one claim sends one "we have your claim" email.
    queueClaimMail(
      tx,
      { name: 'claim-received', mailId: `${stored.claimId}_received` },
      stored.claimId,
      sent,
      context.config,
      mailAllowance,
    );
    return stored.claimId;
  });
  const claimId = await submitting.catch(async (error: unknown) => {
    // Another submit of the same claim committed first: its submission stands, and this
    // call answers with it, as a retry would.
    if (!isAlreadyExists(error)) throw error;
    const { claim } = await claimRepository.current(context.uid, data.funnelId);
    if (claim?.data.status !== 'submitted') throw error;
    return null;
  });
  if (claimId === null) {
    const { claim } = await claimRepository.current(context.uid, data.funnelId);
    return { claim: toClaimView(claim!.claimId, claim!.data) };
  }
  logs.claimSubmitted(claimId, data.funnelId);
  return { claim: await readView(context.uid, claimId) };
};
