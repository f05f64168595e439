import { useCallback, useLayoutEffect, useRef } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { EvidenceFile } from '../../../../runtime/contract';
import { filesOfAnswer } from '../../../../runtime/funnel';

/**
 * A file question's answer: its finished files only. Kept in a ref as well as drawn, as two
 * files may finish before the page draws again, and each must go on the answer the other
 * left.
 */
export function useAnswerFiles(
  formData: unknown,
  onChange: FieldProps['onChange'],
  path: FieldProps['fieldPathId']['path'],
) {
  const files = filesOfAnswer(formData);
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = filesOfAnswer(formData);
  }, [formData]);
  const setFiles = useCallback(
    (next: EvidenceFile[]) => {
      latest.current = next;
      onChange(next, path);
    },
    [onChange, path],
  );
  return { files, latest, setFiles };
}
