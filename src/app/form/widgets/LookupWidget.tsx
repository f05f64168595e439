import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { inSentence, type PageAnswers } from '../../../runtime/funnel';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { claimPagesText } from '../claimPagesText';

/** What a page's StepForm offers its widgets. */
export interface StepFormContext {
  /** Fills other answers of the page (a found vehicle's make, an address). */
  fillAnswers: (answers: PageAnswers) => void;
  /** How many times Continue has failed on this page: the errors shown come from the last. */
  failedSubmits: number;
  /** The name the claimant gave in this claim, if any (a typed signature offers it). */
  claimantName?: string;
  /**
   * What a field holds back that its answer does not show (a file question's uploads): a
   * refusal to show beside it and in the error summary, or what Continue says while it waits.
   */
  holdField?: (field: string, hold: FieldHold | null) => void;
}

/** What a field holds back from Continue (see StepFormContext.holdField). */
export interface FieldHold {
  /** Said beside the field and in the summary until the next Continue (a file refused). */
  refusal?: { message: string; afterFailedSubmits: number };
  /** Continue cannot move on while this is set; it is the field's error then. */
  waiting?: string;
}

type LookupOutcome<T> =
  | { status: 'found'; value: T }
  | { status: 'not-found' | 'not-configured' | 'unavailable'; message: string }
  | { status: 'invalid'; message: string };

/**
 * Runs a lookup through the gateway as the claimant sees it: what the gateway refused is said
 * beside the field (the input cannot be real); anything else is "not working, type it in".
 */
export async function lookupOutcome<T>(
  call: () => Promise<{ status: 'found'; value: T } | LookupOutcome<T>>,
  unavailableMessage: string,
): Promise<LookupOutcome<T>> {
  try {
    return await call();
  } catch (error) {
    const refused = isGatewayQueryError(error) ? error.fields[0] : undefined;
    if (refused) return { status: 'invalid', message: refused.message };
    return { status: 'unavailable', message: unavailableMessage };
  }
}

interface LookupWidgetProps<T> {
  widget: WidgetProps;
  buttonLabel: string;
  busyLabel: string;
  lookup: (input: string) => Promise<LookupOutcome<T>>;
  /** Renders what was found; `fill` puts answers into the page. */
  renderFound: (value: T, fill: (answers: PageAnswers) => void) => ReactNode;
  manualHint: string;
}

/**
 * A text input with a lookup button beside it (vehicle registration, postcode). The
 * claimant can always ignore the lookup and type the details themselves: when a service
 * is not configured, finds nothing or is down, the page says so and carries on.
 */
export function LookupWidget<T>({
  widget,
  buttonLabel,
  busyLabel,
  lookup,
  renderFound,
  manualHint,
}: LookupWidgetProps<T>) {
  const { registry, options } = widget;
  // The form's own input template, so the lookup input looks and behaves like every other.
  const { BaseInputTemplate } = registry.templates;
  // RJSF types formContext as any; StepForm passes a StepFormContext.
  const context = registry.formContext as StepFormContext | undefined;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LookupOutcome<T> | null>(null);
  const statusId = `${widget.id}__lookup`;
  // After a lookup, focus moves to what it found (the address list, the vehicle) or to the
  // message saying why not, instead of dropping to the page when the button is disabled.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!outcome) return;
    const result = resultRef.current;
    const first = result?.querySelector<HTMLElement>('select, button, input');
    (first ?? result)?.focus();
  }, [outcome]);

  async function run() {
    const input = String(widget.value ?? '').trim();
    if (!input) {
      setOutcome({
        status: 'invalid',
        message: claimPagesText('lookup.enterFirst', {
          label: String(widget.label),
          labelInSentence: inSentence(String(widget.label)),
        }),
      });
      return;
    }
    setBusy(true);
    try {
      setOutcome(await lookup(input));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <BaseInputTemplate {...widget} options={options} />
      <button
        type="button"
        className="button button--secondary lookup__button"
        onClick={() => void run()}
        disabled={busy}
      >
        {busy ? busyLabel : buttonLabel}
      </button>
      <div
        id={statusId}
        ref={resultRef}
        tabIndex={-1}
        aria-live="polite"
        className="lookup__result"
      >
        {outcome?.status === 'found' && context && renderFound(outcome.value, context.fillAnswers)}
        {outcome && outcome.status !== 'found' && (
          <div className={`notice${outcome.status === 'invalid' ? ' notice--warning' : ''}`}>
            <p>{outcome.message}</p>
            {(outcome.status === 'not-found' || outcome.status === 'unavailable') && (
              <p>{manualHint}</p>
            )}
          </div>
        )}
      </div>
    </>
  );
}
