import { useState } from 'react';
import type { FieldError, PageAnswers, ValidationResult } from '../../../runtime/funnel';
import { fieldIdOf } from './fieldErrors';

/** What a page's form is given, whichever renderer draws it (StepForm, SlimStepForm). */
export interface StepFormProps {
  schema: { properties?: Record<string, unknown> } & Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  initialAnswers: PageAnswers | undefined;
  validate: (answers: PageAnswers) => ValidationResult;
  onValid: (answers: PageAnswers) => void;
  onInvalid?: (errors: FieldError[]) => void;
  /** Every change of the answers, as typed (for keeping them before Continue). */
  onEdit?: (answers: PageAnswers) => void;
  /**
   * Answers that arrive after the form showed (a claim that loaded after the first page):
   * they fill the questions the claimant has not answered here, and never replace what they
   * typed. The form stays mounted, so focus and typing are not interrupted.
   */
  fillUntouched?: PageAnswers;
  submitLabel: string;
  /** The name the claimant gave in this claim, for a widget that offers it (a typed signature). */
  claimantName?: string;
  busy?: boolean;
  children?: React.ReactNode;
}

/**
 * A page's answers and errors. GOV.UK: answers are checked only when Continue is pressed.
 * After a failed Continue the error summary (a live region) and the messages beside the
 * fields stay as they are until the next Continue, so nothing is announced or reworded while
 * the claimant types their corrections. The summary takes focus once per failed Continue
 * (`failedSubmits` is its focus key).
 */
export function useStepForm(props: StepFormProps) {
  const { initialAnswers, fillUntouched, validate, onValid, onInvalid, onEdit } = props;
  const [answers, setAnswers] = useState<PageAnswers>(initialAnswers ?? {});
  // Filled once, when the answers first arrive (a form given them at once has them already).
  const [filled, setFilled] = useState(fillUntouched !== undefined);
  if (fillUntouched && !filled) {
    // React's "adjusting state when a prop changes": applied before this render commits.
    setFilled(true);
    const focusedId = typeof document === 'undefined' ? undefined : document.activeElement?.id;
    setAnswers((typed) => withUntouchedFilled(typed, fillUntouched, focusedId));
  }
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const change = (next: PageAnswers): void => {
    setAnswers(next);
    onEdit?.(next);
  };
  const submit = (data: PageAnswers): void => {
    const result = validate(data);
    setErrors(result.errors);
    if (result.valid) {
      onValid(data);
      return;
    }
    setFailedSubmits((count) => count + 1);
    onInvalid?.(result.errors);
  };
  return { answers, errors, failedSubmits, change, submit };
}

/**
 * `typed` with the questions the claimant has not reached filled from `fill`. A question
 * they are in (its field, or one inside it, has focus) is theirs even while still empty: a
 * value put under their caret would be typed around ("you@x.comjane@y.com").
 */
export function withUntouchedFilled(
  typed: PageAnswers,
  fill: PageAnswers,
  focusedId: string | undefined,
): PageAnswers {
  const isFocused = (name: string): boolean => {
    const id = fieldIdOf(name);
    return !!focusedId && (focusedId === id || focusedId.startsWith(`${id}_`));
  };
  const untouched = Object.entries(fill).filter(([name]) => !(name in typed) && !isFocused(name));
  return { ...Object.fromEntries(untouched), ...typed };
}

/** The state a form view draws, from useStepForm. */
export type StepFormState = Pick<
  ReturnType<typeof useStepForm>,
  'answers' | 'errors' | 'failedSubmits' | 'change' | 'submit'
>;
