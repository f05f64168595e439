import {
  BYTES_PER_MB,
  EVIDENCE_KINDS,
  EVIDENCE_KIND_NAMES,
  kindOfName,
  kindsInWords,
  type EvidenceKind,
} from '../../../../runtime/contract';
import { claimPagesText } from '../../claimPagesText';

/**
 * What a file question takes, read from its schema, and why the browser refuses a chosen
 * file: plain functions of the schema and the file, apart from the field that draws them.
 */

/** A file question's limits, from its schema (`x-evidence`, `maxItems`, `minItems`). */
export interface FileQuestionLimits {
  accept: EvidenceKind[];
  maxFileMB: number;
  maxFiles: number;
}

export function limitsOf(schema: Record<string, unknown>): FileQuestionLimits {
  // x-evidence is an object (the evidence keyword check makes sure); its fields are checked below.
  const spec = (schema['x-evidence'] ?? {}) as { accept?: unknown; maxFileMB?: unknown };
  const accept = Array.isArray(spec.accept)
    ? spec.accept.filter((kind): kind is EvidenceKind => EVIDENCE_KIND_NAMES.includes(kind))
    : [];
  return {
    accept,
    maxFileMB: typeof spec.maxFileMB === 'number' ? spec.maxFileMB : 0,
    maxFiles: typeof schema.maxItems === 'number' ? schema.maxItems : 1,
  };
}

export const kindsSaid = (limits: FileQuestionLimits) =>
  kindsInWords(limits.accept, claimPagesText('evidence.kindsOr'));

/** The kind a chosen file says it is: by its name, else by the type the browser gives it. */
function kindClaimed(file: File): EvidenceKind | null {
  return (
    kindOfName(file.name) ??
    EVIDENCE_KIND_NAMES.find((kind) => EVIDENCE_KINDS[kind].mediaType === file.type) ??
    null
  );
}

/**
 * Why the browser refuses a chosen file before sending it, in GOV.UK's words, or null. Only
 * to spare the claimant a wait: the gateway decides by the bytes it stored.
 */
export function refusalOf(file: File, limits: FileQuestionLimits): string | null {
  if (file.size === 0) return claimPagesText('evidence.empty');
  const kind = kindClaimed(file);
  if (!kind || !limits.accept.includes(kind)) {
    return claimPagesText('evidence.wrongKind', { kinds: kindsSaid(limits) });
  }
  if (file.size > limits.maxFileMB * BYTES_PER_MB) {
    return claimPagesText('evidence.tooBig', { maxMB: limits.maxFileMB });
  }
  return null;
}

/**
 * What becomes of files chosen together, `held` being how many the question has or is
 * uploading: all refused when they are too many, else those the browser takes, and the
 * first refusal of the others (null when none was refused).
 */
export function choiceOf(
  chosen: File[],
  limits: FileQuestionLimits,
  held: number,
): { refusal: string | null; accepted: File[] } {
  if (held + chosen.length > limits.maxFiles) {
    return {
      refusal: claimPagesText('evidence.tooMany', { count: limits.maxFiles }),
      accepted: [],
    };
  }
  const accepted: File[] = [];
  let firstRefusal: string | null = null;
  for (const file of chosen) {
    const refused = refusalOf(file, limits);
    if (refused) firstRefusal ??= refused;
    else accepted.push(file);
  }
  return { refusal: firstRefusal, accepted };
}
