/**
 * The back office's functions. dispatch lets only staff reach them (staffRole.ts); each reads
 * what it shows in one query or one transaction, so a page of the list costs the same reads
 * however many claims there are.
 */
import { rolesAskedOf, searchCandidatesOf, storedContactOf } from '../../../runtime/claim';
import { isAllowedMove, stageById, type ClaimStage } from '../../../runtime/lifecycle';
import { readerLocale } from '../../infra/readerLocale';
import type {
  ClaimHistoryEntry,
  GatewayRequest,
  StaffClaimDetail,
  StaffClaimRow,
} from '../../../runtime/contract';
import { funnelVersions, rolesOf, stagesOf } from '../../infra/funnelRegistry';
import {
  claimCsvLine,
  claimsCsvLayout,
  csvLine,
  DEFAULT_LOCALE,
  funnelSchemaWords,
  schemaInWords,
  signedDocumentOf,
} from '../../../runtime/funnel';
import { validationWords } from '../../infra/validationWords';
import { failedPrecondition, invalidArgument } from '../../call/errors';
import { logs } from '../../infra/logs';
import { queueClaimMail } from '../../mail/claimMail';
import {
  claimRepository,
  isoOf,
  stageOfStored,
  toClaimView,
} from '../../repositories/claimRepository';
import { mailRepository } from '../../repositories/mailRepository';
import { checkDateRange, dayAfter } from './dateRange';
import type { Handler } from '../handler';
import { signedLetterPdfOf } from '../claims/letterOfAuthority';
import { inTransaction } from '../../repositories/transaction';
import { staffClaimQueries } from '../../repositories/staffClaimQueries';
import type {
  ClaimDocument,
  ClaimHistoryDocument,
} from '../../repositories/documents/claimDocument';
import { answerWordsIn, GATEWAY_LOCALE, gatewayList, gatewayText } from '../../gatewayText';

/**
 * A stage of the funnel's lifecycle (its own, or the shared file's) with its names in the
 * caller's language (the staff member's), where the funnel has them; undefined when the
 * funnel lists no such stage.
 */
function stageShown(funnelId: unknown, id: string): ClaimStage | undefined {
  return stageById(id, stagesOf(funnelId, readerLocale() ?? DEFAULT_LOCALE));
}

const DEFAULT_PAGE_SIZE = 25;

function staffRowOf(claimId: string, data: ClaimDocument): StaffClaimRow {
  // Kept with the claim when it was sent, read through its funnel's roles (claimContactOf).
  const contact = storedContactOf(data.contact);
  return {
    claimId,
    funnelId: data.funnelId,
    reference: data.reference ?? '',
    stage: stageOfStored(data),
    claimantName: contact.name,
    email: contact.email,
    phone: contact.phone,
    subject: contact.subject,
    asked: rolesAskedOf(rolesOf(data.funnelId)),
    submittedAt: isoOf(data.submittedAt) ?? new Date(0).toISOString(),
    stageChangedAt: isoOf(data.stageChangedAt),
  };
}

function historyEntryOf(id: string, data: ClaimHistoryDocument): ClaimHistoryEntry {
  return {
    id,
    event: data.event,
    at: data.at.toDate().toISOString(),
    by: data.by ?? null,
    from: data.from ?? null,
    to: data.to ?? null,
    note: data.note ?? data.reason ?? null,
  };
}

/**
 * A claim's referral as staff read it, one entry per campaign field of each touch
 * (`firstTouch.utmSource`): stored, it is the two touches, each a map of its own.
 */
function referralShown(referral: ClaimDocument['referral']): Record<string, string> | null {
  if (!referral) return null;
  const shown: Record<string, string> = {};
  for (const touch of ['firstTouch', 'lastTouch'] as const) {
    for (const [field, value] of Object.entries(referral[touch] ?? {})) {
      if (value !== undefined) shown[`${touch}.${field}`] = value;
    }
  }
  return shown;
}

const encodeCursor = (listKey: string) => Buffer.from(listKey, 'utf8').toString('base64url');

function decodeCursor(functionName: string, cursor: string): string {
  const listKey = Buffer.from(cursor, 'base64url').toString('utf8');
  // A list key is an ISO time, a bar and a claim id (listKeyOf).
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[A-Za-z0-9_-]+$/.test(listKey)) {
    throw invalidArgument(gatewayText('call.invalidData', { functionName }), [
      { field: 'data.cursor', message: 'is not a cursor this list gave' },
    ]);
  }
  return listKey;
}

type ClaimFilters = Omit<GatewayRequest<'staffListClaims'>, 'pageSize' | 'cursor'> & {
  funnelVersion?: number;
};

/**
 * One page of sent claims matching the filters, in one query: the reads a page costs are its
 * size plus one, however many claims there are.
 */
async function claimsPage(
  functionName: 'staffListClaims' | 'staffExportClaims',
  filters: ClaimFilters,
  pageSize: number,
  cursor: string | undefined,
) {
  const newestFirst = filters.order !== 'oldest';
  checkDateRange(functionName, {
    from: filters.submittedFrom,
    to: filters.submittedTo,
    toField: 'submittedTo',
  });
  const docs = await staffClaimQueries.sentClaims({
    funnelId: filters.funnelId,
    funnelVersion: filters.funnelVersion,
    stage: filters.stage,
    searchTerms: filters.search ? searchCandidatesOf(filters.search) : undefined,
    fromKey: filters.submittedFrom,
    beforeKey: filters.submittedTo ? dayAfter(filters.submittedTo) : undefined,
    afterKey: cursor ? decodeCursor(functionName, cursor) : undefined,
    newestFirst,
    limit: pageSize + 1,
  });
  const page = docs.slice(0, pageSize);
  const last = page.at(-1);
  return {
    docs: page,
    rows: page.map((doc) => staffRowOf(doc.id, doc.data)),
    nextCursor: docs.length > pageSize && last ? encodeCursor(last.data.listKey ?? '') : null,
  };
}

export const staffListClaims: Handler<'staffListClaims'> = async (data) => {
  const { pageSize = DEFAULT_PAGE_SIZE, cursor, ...filters } = data;
  const { rows, nextCursor } = await claimsPage('staffListClaims', filters, pageSize, cursor);
  return { claims: rows, nextCursor };
};

/** Rows per export call: the browser asks for the next chunk until there is none. */
const EXPORT_CHUNK = 500;

export const staffExportClaims: Handler<'staffExportClaims'> = async (data, context) => {
  const { cursor, ...filters } = data;
  // The columns are that version's questions, as its claimants saw them.
  const registry = funnelVersions().at(data.funnelId, data.funnelVersion);
  const funnel = registry?.getFunnel(data.funnelId);
  if (!registry || !funnel) {
    throw invalidArgument(gatewayText('staff.noFunnelVersion'), [
      {
        field: registry ? 'data.funnelId' : 'data.funnelVersion',
        message: `is not a version of ${data.funnelId} this deployment holds`,
      },
    ]);
  }
  // A shared schema's questions in the funnel's words, as its claimants read them.
  const funnelWords = funnelSchemaWords(funnel, validationWords()('claim.noun'));
  const layout = claimsCsvLayout(funnel, (schemaId) => {
    const schema = registry.bundlePageSchema(schemaId);
    return schema && schemaInWords(schema, funnelWords);
  });
  const { docs, rows, nextCursor } = await claimsPage(
    'staffExportClaims',
    filters,
    EXPORT_CHUNK,
    cursor,
  );
  // Staff read the export in English, as the funnel's own words are written.
  const words = answerWordsIn(GATEWAY_LOCALE);
  const csv = rows
    .map((row, index) =>
      claimCsvLine(
        layout,
        row,
        docs[index]!.data.answers,
        stageShown(row.funnelId, row.stage)?.staffLabel ?? row.stage,
        words,
        `${context.config.siteUrl}/staff/claims/${encodeURIComponent(docs[index]!.id)}`,
      ),
    )
    .join('');
  return { header: csvLine(layout.header), csv, rows: rows.length, nextCursor };
};

async function sentClaim(claimId: string) {
  const claim = await claimRepository.byId(claimId);
  if (!claim || claim.data.status !== 'submitted') {
    throw invalidArgument(gatewayText('claim.notFound'), [
      { field: 'data.claimId', message: 'is not a sent claim' },
    ]);
  }
  return claim;
}

export const staffGetClaim: Handler<'staffGetClaim'> = async (data) => {
  const claim = await sentClaim(data.claimId);
  const history = await claimRepository.historyOf(data.claimId);
  const signature = claim.data.signature;
  const letter = signature?.letterOfAuthority;
  const detail: StaffClaimDetail = {
    claim: toClaimView(claim.claimId, claim.data),
    row: staffRowOf(claim.claimId, claim.data),
    history: history.map(({ id, ...record }) => historyEntryOf(id, record)),
    signature: signature
      ? {
          method: signature.method,
          signedAt: isoOf(signature.signedAt),
          ip: signature.ip ?? null,
          userAgent: signature.userAgent ?? null,
          letterVersion: letter?.version ?? null,
          letterSha256: letter?.sha256 ?? null,
          letter: signedDocumentOf(letter),
        }
      : null,
    referral: referralShown(claim.data.referral),
  };
  return detail;
};

export const staffGetLetterOfAuthorityPdf: Handler<'staffGetLetterOfAuthorityPdf'> = async (
  data,
) => {
  const claim = await sentClaim(data.claimId);
  const funnelId = claim.data.funnelId;
  const funnel = funnelVersions()
    .at(funnelId, Number(claim.data.funnelVersion))
    ?.getFunnel(funnelId);
  if (!funnel) throw failedPrecondition(gatewayText('staff.funnelVersionGone'));
  return signedLetterPdfOf(funnel, claim.data);
};

/**
 * Moves a sent claim to another stage of its funnel's lifecycle (the funnel's own, or the
 * shared file's; the current file's, whichever version the claim was made on). A stage the
 * funnel does not list is refused by name, and a claim in a stage the funnel no longer lists
 * cannot move at all.
 */
export const staffMoveClaim: Handler<'staffMoveClaim'> = async (data, context) => {
  const note = data.note.trim();
  const moved = await inTransaction(async (tx) => {
    const claim = await claimRepository.byId(data.claimId, tx);
    if (!claim || claim.data.status !== 'submitted') {
      throw invalidArgument(gatewayText('claim.notFound'), [
        { field: 'data.claimId', message: 'is not a sent claim' },
      ]);
    }
    const funnelId = claim.data.funnelId;
    const stages = stagesOf(funnelId);
    if (!stageById(data.to, stages)) {
      throw invalidArgument(gatewayText('call.invalidData', { functionName: 'staffMoveClaim' }), [
        {
          field: 'data.to',
          message: `is not a stage of ${funnelId} (stages: ${stages.stages.map((s) => s.id).join(', ')})`,
        },
      ]);
    }
    const from = stageOfStored(claim.data);
    if (from !== data.from) {
      const now = stageShown(funnelId, from)?.staffLabel ?? from;
      throw failedPrecondition(gatewayText('staff.changedMeanwhile', { stage: now }));
    }
    if (!stageById(from, stages)) {
      throw failedPrecondition(gatewayText('staff.stageNotInFunnel', { stage: from }));
    }
    if (!isAllowedMove(from, data.to, stages)) {
      const allowed = stageById(from, stages)!.next.map(
        (id) => `"${stageShown(funnelId, id)!.staffLabel}"`,
      );
      const stage = stageShown(funnelId, from)!.staffLabel;
      throw failedPrecondition(
        allowed.length > 0
          ? gatewayText('staff.canOnlyMoveTo', { stage, allowed: gatewayList(allowed) })
          : gatewayText('staff.cannotMove', { stage }),
      );
    }
    const record = claimRepository.moveStage(tx, claim, {
      from,
      to: data.to,
      by: context.uid,
      note,
    });
    queueClaimMail(
      tx,
      { name: 'stage-changed', mailId: `${claim.claimId}_${record.id}`, stage: data.to },
      claim.claimId,
      claim.data,
      context.config,
      // Staff's own event: not counted against the address's limit (mail/recipientLimit.ts).
      null,
    );
    return { claim, record, from };
  });
  logs.claimStageChanged(data.claimId, moved.from, data.to);
  // The claim as the transaction left it: what it read, with the stage it wrote.
  const { claim, record } = moved;
  return {
    claim: staffRowOf(data.claimId, { ...claim.data, stage: data.to, stageChangedAt: record.at }),
    entry: historyEntryOf(moved.record.id, {
      event: 'stage-changed',
      at: moved.record.at,
      by: context.uid,
      from: moved.from,
      to: data.to,
      note,
    }),
  };
};

export const staffListMail: Handler<'staffListMail'> = async (data) => {
  return mailRepository.list(data.pageSize ?? DEFAULT_PAGE_SIZE, data.cursor);
};
