/**
 * A page's file questions, read from its schema: each top-level property with `x-evidence`
 * (`funnels:check` refuses one anywhere else, or one that cannot work). The browser draws them,
 * the gateway holds uploads and answers to them, and the summaries list their files.
 */
import type { EvidenceFile, EvidenceKind } from '../../contract/evidence';
import type { JsonSchemaObject } from '../types';

export interface FileQuestion {
  field: string;
  accept: EvidenceKind[];
  maxFileMB: number;
  /** The most files it takes (1 when the schema says nothing). */
  maxFiles: number;
  /** At least one file is needed. */
  required: boolean;
}

/** The page schema's file questions, by property name. */
export function fileQuestionsOf(schema: JsonSchemaObject | undefined): Map<string, FileQuestion> {
  const questions = new Map<string, FileQuestion>();
  // A page schema's properties are schema objects (the funnel checks validated it); JsonSchemaObject types them loosely.
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchemaObject>;
  for (const [field, property] of Object.entries(properties)) {
    // x-evidence's shape is checked by the evidence schema keyword when the funnel is built.
    const spec = property?.['x-evidence'] as
      { accept?: EvidenceKind[]; maxFileMB?: number } | undefined;
    if (!spec || typeof spec !== 'object') continue;
    const minItems = typeof property.minItems === 'number' ? property.minItems : 0;
    questions.set(field, {
      field,
      accept: [...(spec.accept ?? [])],
      maxFileMB: spec.maxFileMB ?? 0,
      maxFiles: typeof property.maxItems === 'number' ? property.maxItems : 1,
      required: minItems > 0,
    });
  }
  return questions;
}

/** Whether a schema property is a file question. */
export function isFileQuestion(property: unknown): boolean {
  return (
    typeof property === 'object' &&
    property !== null &&
    // Checked to be a non-null object just above; only indexed to test a key.
    typeof (property as Record<string, unknown>)['x-evidence'] === 'object'
  );
}

/** The stored files an answer to a file question holds (nothing else counts as one). */
export function filesOfAnswer(value: unknown): EvidenceFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (file): file is EvidenceFile =>
      typeof file === 'object' &&
      file !== null &&
      'fileId' in file &&
      typeof file.fileId === 'string' &&
      'name' in file &&
      typeof file.name === 'string',
  );
}

/** Every stored file a claim's answers hold, with where, in page order then field order. */
export function filesOfClaim(
  answers: Record<string, Record<string, unknown> | undefined>,
): Array<EvidenceFile & { pageId: string; field: string }> {
  const files: Array<EvidenceFile & { pageId: string; field: string }> = [];
  for (const [pageId, page] of Object.entries(answers ?? {})) {
    for (const [field, value] of Object.entries(page ?? {})) {
      for (const file of filesOfAnswer(value)) files.push({ ...file, pageId, field });
    }
  }
  return files;
}
