import { randomFillSync } from 'node:crypto';
import { createClaimReference } from '../../runtime/claim';
import { isClaimComplete, resolvePath } from '../../runtime/funnel';
import type { PageAnswers } from '../../runtime/funnel';
import { type InvalidField, failedPrecondition, invalidArgument } from '../errors';
import { firestore } from '../firebaseAdmin';
import { funnelRegistry } from '../funnelRegistry';
import { logs } from '../logs';
import { PROFILE_SOURCE_PAGE } from '../../runtime/constants';
import { profileFieldsOf } from '../../runtime/claim';
import { claimRepository, toClaimView } from '../repositories/claimRepository';
import {
  findClaimAmong,
  otherClaimsNamingAVehicleAmong,
  readView,
  requireFunnel,
} from './claimLookup';
import { userRepository } from '../repositories/userRepository';
import { letterToSign, signatureEvidence } from './letterOfAuthority';
import type { Handler } from './handler';

function submittedClaimError() {
  return failedPrecondition('This claim has been submitted and can no longer be changed');
}

/**
 * Saves one page's answers to the caller's current claim in the funnel after validating
 * them against the same page schema the browser used. The first save creates the draft
 * claim. A submitted claim is never changed: the claimant starts another (startClaim). A
 * refused page writes nothing.
 */
export const saveAnswers: Handler<'saveAnswers'> = async (data, context) => {
  const registry = funnelRegistry();
  const funnel = requireFunnel(data.funnelId);
  if (!registry.getPage(data.funnelId, data.pageId)) {
    throw invalidArgument(`Unknown page: ${data.pageId}`, [
      { field: 'data.pageId', message: `is not a page of ${data.funnelId}` },
    ]);
  }
  if (data.nextPageId && !registry.getPage(data.funnelId, data.nextPageId)) {
    throw invalidArgument(`Unknown page: ${data.nextPageId}`, [
      { field: 'data.nextPageId', message: `is not a page of ${data.funnelId}` },
    ]);
  }
  const result = registry.validatePage(data.funnelId, data.pageId, data.answers);
  if (!result.valid) {
    throw invalidArgument(
      `Invalid answers for page ${data.pageId}`,
      result.errors.map((error) => ({
        field: ['data.answers', error.field].filter(Boolean).join('.'),
        message: error.message,
      })),
    );
  }
  // Postcodes and registrations are stored one way however they were typed.
  const answers = registry.normalisePage(data.funnelId, data.pageId, data.answers as PageAnswers);
  // The start page's contact details are the claimant's profile too (same field names): they
  // are written here, with the page, so filling the profile costs no extra call (2 writes).
  const profileFields =
    data.funnelId === PROFILE_SOURCE_PAGE.funnelId && data.pageId === PROFILE_SOURCE_PAGE.pageId
      ? profileFieldsOf(answers)
      : null;
  const saved = await firestore().runTransaction(async (tx) => {
    const { claim: existing, nextClaimId } = await claimRepository.current(
      context.uid,
      data.funnelId,
      tx,
    );
    if (existing?.data.status === 'submitted') throw submittedClaimError();
    if (profileFields) {
      const profile = await userRepository.getIn(tx, context.uid);
      userRepository.saveIn(tx, context.uid, profile, profileFields);
    }
    const claimId = existing?.claimId ?? nextClaimId;
    const savedAt = claimRepository.savePage(tx, existing, {
      claimId,
      uid: context.uid,
      funnelId: data.funnelId,
      funnelVersion: existing ? Number(existing.data.funnelVersion) : funnel.version,
      pageId: data.pageId,
      answers,
      currentPageId: data.nextPageId ?? data.pageId,
      ...(data.referral ? { referral: data.referral } : {}),
    });
    return { claimId, updatedAt: savedAt.toDate().toISOString() };
  });
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
  };
};

/**
 * Submits the caller's current claim in the funnel once every page on its path is valid and it is signed, storing
 * the signature with its evidence (letter of authority text, version and SHA-256, server
 * time, user agent, IP). Idempotent: a double click or a retry returns the already-submitted
 * claim with the same reference and the first signature's evidence.
 */
export const submitClaim: Handler<'submitClaim'> = async (data, context) => {
  const registry = funnelRegistry();
  const funnel = requireFunnel(data.funnelId);
  // The letter signed is the one this function holds for the funnel, never the caller's copy.
  const letter = await letterToSign(funnel, data.letterOfAuthorityVersion);
  const claimId = await firestore().runTransaction(async (tx) => {
    const { claim: stored } = await claimRepository.current(context.uid, data.funnelId, tx);
    if (!stored) {
      throw failedPrecondition('There is no claim to submit: answer the questions first');
    }
    if (stored.data.status === 'submitted') return stored.claimId;
    const answers = (stored.data.answers ?? {}) as Record<string, PageAnswers>;
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
      throw invalidArgument('The claim is not complete', fields);
    }
    claimRepository.markSubmitted(
      tx,
      stored.claimId,
      createClaimReference((array) => randomFillSync(array)),
      signatureEvidence(funnel, answers, letter, context),
    );
    return stored.claimId;
  });
  logs.claimSubmitted(claimId, data.funnelId);
  return { claim: await readView(context.uid, claimId) };
};
