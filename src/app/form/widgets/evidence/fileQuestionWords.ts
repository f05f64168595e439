import type { FieldProps } from '@rjsf/utils';
import { claimPagesText } from '../../claimPagesText';
import { formText } from '../../formText';
import { kindsSaid, type FileQuestionLimits } from './fileQuestionLimits';

/** What a file question says around its drop zone (its label, hints and error), and where. */
export interface FileQuestionWords {
  label: string;
  hint: string;
  /** The kinds, size and number of files it takes. */
  limitsHint: string;
  error: string | undefined;
  /** The ids of the hint, limits and error, for the file input's aria-describedby. */
  describedBy: string;
}

/**
 * A file question's words, from its schema, uiSchema and errors as RJSF hands them over:
 * the uiSchema's title and description first, "(optional)" unless an answer is needed.
 */
export function fileQuestionWords(
  { fieldPathId, schema, uiSchema, required, rawErrors, errorSchema }: FieldProps,
  limits: FileQuestionLimits,
): FileQuestionWords {
  const uiTitle = uiSchema?.['ui:title'];
  const title =
    typeof uiTitle === 'string' ? uiTitle : typeof schema.title === 'string' ? schema.title : '';
  const needed = required || (typeof schema.minItems === 'number' && schema.minItems > 0);
  const label =
    needed || title.endsWith(formText('field.optional', { label: '' }).trim())
      ? title
      : formText('field.optional', { label: title });
  const uiDescription = uiSchema?.['ui:description'];
  const hint =
    typeof uiDescription === 'string'
      ? uiDescription
      : typeof schema.description === 'string'
        ? schema.description
        : '';
  // RJSF gives a field its own errors as rawErrors (its errorSchema keeps its parts').
  const error =
    rawErrors?.[0] ?? (errorSchema as { __errors?: string[] } | undefined)?.__errors?.[0];
  const limitsHint =
    limits.maxFiles > 1
      ? claimPagesText('evidence.limitsMany', {
          maxFiles: limits.maxFiles,
          kinds: kindsSaid(limits),
          maxMB: limits.maxFileMB,
        })
      : claimPagesText('evidence.limitsOne', {
          kinds: kindsSaid(limits),
          maxMB: limits.maxFileMB,
        });
  const id = fieldPathId.$id;
  const describedBy = [hint && `${id}__hint`, `${id}__limits`, error && `${id}__error`]
    .filter(Boolean)
    .join(' ');
  return { label, hint, limitsHint, error, describedBy };
}
