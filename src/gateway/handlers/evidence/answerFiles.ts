/**
 * The files a saved page's answers hold, as this gateway recorded them: an answer to a file
 * question may name only files the caller uploaded to that very question and the gateway
 * checked (`finishUpload`), and it is stored with the gateway's own record of each (name,
 * size, kind, digest), never what the browser sent. So no answer can claim another claimant's
 * file, a file never checked, or bytes other than those stored.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { fileQuestionsOf, type FunnelRegistry, type PageAnswers } from '../../../runtime/funnel';
import { invalidArgument } from '../../call/errors';
import { gatewayText } from '../../gatewayText';
import { answerFileOf, evidenceRepository } from '../../repositories/evidenceRepository';

interface PageFiles {
  answers: PageAnswers;
  /** Every file the page's answers hold, to record against the claim. */
  fileIds: string[];
}

/** Reads (in the save's transaction) and checks the files the page's answers name. */
export async function storedFilesIn(
  tx: Transaction,
  registry: FunnelRegistry,
  where: { funnelId: string; pageId: string },
  answers: PageAnswers,
  owner: { uid: string; claimId: string },
  locale: string | undefined,
): Promise<PageFiles> {
  const page = registry.getPage(where.funnelId, where.pageId);
  const questions = fileQuestionsOf(page && registry.bundlePageSchema(page.schema));
  if (questions.size === 0) return { answers, fileIds: [] };
  const named = new Map<string, string[]>();
  for (const field of questions.keys()) {
    const value = answers[field];
    if (!Array.isArray(value)) continue;
    named.set(
      field,
      // An evidence answer is a list of file records (the page schema validated it); a missing id becomes "undefined", which matches no file.
      value.map((file) => String((file as { fileId?: unknown }).fileId)),
    );
  }
  const records = await evidenceRepository.getIn(tx, [...new Set([...named.values()].flat())]);
  const checked: PageAnswers = { ...answers };
  const fileIds: string[] = [];
  for (const [field, ids] of named) {
    checked[field] = ids.map((fileId, index) => {
      const record = records.get(fileId);
      const fits =
        record &&
        record.status === 'stored' &&
        record.uid === owner.uid &&
        record.funnelId === where.funnelId &&
        record.pageId === where.pageId &&
        record.field === field &&
        (record.claimId === null || record.claimId === owner.claimId);
      if (!fits) {
        // The field was found above to be an evidence list; name is read as unknown and checked by its use.
        const name = (answers[field] as Array<{ name?: unknown }>)[index]?.name;
        throw invalidArgument(
          gatewayText(
            'evidence.notSaved',
            { name: typeof name === 'string' ? name : fileId },
            locale,
          ),
          [
            {
              field: `data.answers.${field}.${index}`,
              message: 'is not a file uploaded to this question',
            },
          ],
        );
      }
      fileIds.push(fileId);
      return answerFileOf(record);
    });
  }
  return { answers: checked, fileIds };
}

/** Records, in the save's transaction, that the claim holds these files (after its reads). */
export function attachFilesIn(tx: Transaction, fileIds: readonly string[], claimId: string): void {
  evidenceRepository.attachIn(tx, fileIds, claimId);
}
