import type { UserRecord } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { failedPrecondition, invalidArgument } from '../../call/errors';
import { deleteAuthUser, findAuthUser } from '../../infra/authUsers';
import { logs } from '../../infra/logs';
import { isWithdrawable, stageById } from '../../../runtime/lifecycle';
import { stagesOf } from '../../infra/funnelRegistry';
import { claimMailAllowanceIn, queueClaimMail } from '../../mail/claimMail';
import { claimRepository, stageOfStored, toClaimView } from '../../repositories/claimRepository';
import { saveAndReturnRepository } from '../../repositories/saveAndReturnRepository';
import { emailLinkRepository } from '../../repositories/emailLinkRepository';
import { emailProofRepository } from '../../repositories/emailProofRepository';
import { userRepository } from '../../repositories/userRepository';
import type { ClaimDocument } from '../../repositories/documents/claimDocument';
import { requireFunnel } from '../claims/claimLookup';
import type { Handler } from '../handler';
import { inTransaction } from '../../repositories/transaction';
import { site } from '../../../content/site';
import { claimLocaleOf } from '../../mail/mailWords';
import { answerWordsIn, gatewayText } from '../../gatewayText';
import { funnelVersions } from '../../infra/funnelRegistry';
import { validationWords } from '../../infra/validationWords';
import { deleteFilesOfClaim, deleteFilesOfUser } from '../evidence/evidenceCleanup';
import { evidenceLinkTo } from '../evidence/evidenceFiles';
import { evidenceRepository } from '../../repositories/evidenceRepository';
import {
  localizeFunnel,
  localizeSchema,
  funnelSchemaWords,
  schemaInWords,
  resolvePath,
  summariseAnswers,
} from '../../../runtime/funnel';

/**
 * A claim's answers as the claimant was shown them on the check page, in the claim's
 * language: per page its title and each question with its answer (an option's label, an
 * amount as "£1,150.50", a date in words). Beside the stored answers, so the export reads
 * as the claimant knows it; none when this deployment no longer has the claim's version.
 */
function answersAsShown(data: ClaimDocument) {
  const funnelId = data.funnelId;
  const registry = funnelVersions().at(funnelId, Number(data.funnelVersion));
  const written = registry?.getFunnel(funnelId);
  if (!registry || !written) return null;
  const locale = claimLocaleOf(data);
  const funnel = localizeFunnel(written, locale);
  const answers = data.answers;
  const words = answerWordsIn(locale);
  // A shared schema's questions in the funnel's words, as the check page said them.
  const funnelWords = funnelSchemaWords(funnel, validationWords(locale)('claim.noun'));
  return resolvePath(funnel, answers, registry.evaluateCondition)
    .filter((page) => page.kind !== 'review-and-sign' && page.kind !== 'exit')
    .map((page) => ({
      page: page.title,
      answers: summariseAnswers(
        schemaInWords(
          localizeSchema(registry.bundlePageSchema(page.schema) ?? {}, locale),
          funnelWords,
        ),
        answers[page.pageId],
        { uiSchema: page.uiSchema, words },
      ).map((row) => ({ question: row.label, answer: row.value })),
    }));
}

/** Stored values as JSON: Firestore timestamps become ISO 8601 strings. */
function toPlainJson(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      // Narrowed to a non-null object just above; Object.entries needs an indexable type.
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        toPlainJson(item),
      ]),
    );
  }
  return value;
}

/**
 * Withdraws one of the caller's sent claims, and the letter of authority signed with it.
 * The claim and its signature evidence are kept (staff see the withdrawal in the history);
 * the files uploaded with it are deleted. A claim withdrawn already stays as it was.
 */
export const withdrawClaim: Handler<'withdrawClaim'> = async (data, context) => {
  requireFunnel(data.funnelId);
  const reason = data.reason?.trim() || null;
  await inTransaction(async (tx) => {
    const claims = await claimRepository.listIn(tx, context.uid);
    const claim = claims.find(
      (stored) => stored.claimId === data.claimId && stored.data.funnelId === data.funnelId,
    );
    if (!claim) {
      throw invalidArgument(gatewayText('claim.notFound'), [
        { field: 'data.claimId', message: `is not one of your claims in ${data.funnelId}` },
      ]);
    }
    // Said in the claim's language, its stage named in it too.
    const locale = claimLocaleOf(claim.data);
    if (claim.data.status !== 'submitted') {
      throw failedPrecondition(gatewayText('withdraw.notSent', {}, locale));
    }
    if (claim.data.withdrawnAt) {
      throw failedPrecondition(gatewayText('withdraw.already', {}, locale));
    }
    const from = stageOfStored(claim.data);
    // Its funnel's stages decide: a claim in a final stage, or one its funnel no longer lists,
    // cannot be withdrawn.
    const stages = stagesOf(claim.data.funnelId, locale);
    if (!isWithdrawable(from, stages)) {
      const stage = stageById(from, stages);
      throw failedPrecondition(
        gatewayText('withdraw.closed', { stage: stage?.claimantLabel ?? from }, locale),
      );
    }
    const mailAllowance = await claimMailAllowanceIn(tx, claim.data, context.config);
    claimRepository.markWithdrawn(tx, claim, from, context.uid, reason, stages.withdrawn);
    queueClaimMail(
      tx,
      { name: 'claim-withdrawn', mailId: `${claim.claimId}_withdrawn` },
      claim.claimId,
      claim.data,
      context.config,
      mailAllowance,
    );
  });
  logs.claimWithdrawn(data.claimId, data.funnelId);
  // The files sent with it are deleted; its answers keep each file's name, size and digest.
  await deleteFilesOfClaim(data.claimId);
  const stored = await claimRepository.findOwned(context.uid, data.claimId);
  return { claim: toClaimView(data.claimId, stored!.data) };
};

/**
 * A sent claim's stage as the claimant reads it: its funnel's own words for it (or the shared
 * file's), in the claim's language; the stage's id when its funnel no longer lists it.
 */
function stageNameOf(data: ClaimDocument): string {
  const id = stageOfStored(data);
  return stageById(id, stagesOf(data.funnelId, claimLocaleOf(data)))?.claimantLabel ?? id;
}

function accountOf(record: UserRecord | null, uid: string) {
  if (!record) return { uid, exists: false };
  return {
    uid,
    email: record.email ?? null,
    emailVerified: record.emailVerified,
    phoneNumber: record.phoneNumber ?? null,
    signInMethods: record.providerData.map((provider) => provider.providerId),
    anonymous: record.providerData.length === 0 && !record.email,
    createdAt: new Date(record.metadata.creationTime).toISOString(),
    lastSignInAt: record.metadata.lastSignInTime
      ? new Date(record.metadata.lastSignInTime).toISOString()
      : null,
  };
}

/**
 * Subject access: everything held about the caller, read with their uid only: the Auth
 * account, the profile, every claim with its answers, signature evidence, referral data and
 * history, and any pending "save and come back later" request.
 */
export const exportMyData: Handler<'exportMyData'> = async (_data, context) => {
  const uid = context.uid;
  const [record, profile, claims, requests, emailProof] = await Promise.all([
    findAuthUser(uid),
    userRepository.raw(uid),
    claimRepository.listOf(uid),
    saveAndReturnRepository.listOf(uid),
    emailProofRepository.find(uid),
  ]);
  const withHistory = await Promise.all(
    claims.map(async (claim) => ({
      claimId: claim.claimId,
      ...claim.data,
      ...(claim.data.status === 'submitted' ? { stageName: stageNameOf(claim.data) } : {}),
      answersAsShown: answersAsShown(claim.data),
      history: await claimRepository.historyOf(claim.claimId),
    })),
  );
  // The files themselves, each through a link that works for an hour from the export.
  const files = await Promise.all(
    (await evidenceRepository.listOfUser(uid))
      .filter((record) => record.status === 'stored')
      .map(async (record) => ({
        fileId: record.fileId,
        name: record.name,
        size: record.size,
        kind: record.kind,
        sha256: record.sha256,
        claimId: record.claimId,
        question: `${record.funnelId}/${record.pageId}/${record.field}`,
        uploadedAt: record.createdAt.toISOString(),
        download: await evidenceLinkTo(record, context.config.evidenceDownloadUrl, 60),
      })),
  );
  logs.dataExported(uid);
  return {
    // toPlainJson returns unknown; given an object it returns an object of the same keys.
    data: toPlainJson({
      about: gatewayText('dataExport.about', { serviceName: site.identity.name }),
      exportedAt: new Date().toISOString(),
      account: accountOf(record, uid),
      profile,
      claims: withHistory,
      evidenceFiles: files,
      saveAndReturnRequests: requests,
      emailProof,
    }) as Record<string, unknown>,
  };
};

/**
 * Deletes the caller's account: drafts, profile, pending links, counters, then the Auth
 * user. Sent claims are kept for the firm's records, detached from the account (the privacy
 * notice says for how long, and the retention job anonymises them after). Each step can be
 * repeated, so a failure part-way is finished by trying again.
 */
export const deleteMyAccount: Handler<'deleteMyAccount'> = async (_data, context) => {
  const uid = context.uid;
  const claims = await claimRepository.listOf(uid);
  let keptClaims = 0;
  for (const claim of claims) {
    if (claim.data.status === 'submitted') {
      await claimRepository.detachFromAccount(claim.claimId, uid);
      keptClaims += 1;
    } else {
      await claimRepository.deleteDraft(claim.claimId);
    }
  }
  // Every file they uploaded, sent claims' too: a kept claim keeps only each file's name,
  // size and digest on its answers.
  await deleteFilesOfUser(uid);
  await Promise.all([
    userRepository.remove(uid),
    saveAndReturnRepository.removeAllOf(uid),
    emailLinkRepository.removeAllOf(uid),
    emailProofRepository.remove(uid),
  ]);
  await deleteAuthUser(uid);
  logs.accountDeleted(uid, { draftsDeleted: claims.length - keptClaims, keptClaims });
  return { deleted: true as const, keptClaims };
};
