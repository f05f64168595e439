import type { ClaimStages } from './claimStages';
import { stageById } from './claimStages';

/** What a funnel promises a claimant once they send a claim, and where that promise comes from. */
interface NextPromise {
  /** The funnel's own `wording.whatHappensNext`, in the reader's language, if it writes one. */
  written: string | undefined;
  /** The claim's stages (the funnel's own or the shared file's), in the reader's language. */
  stages: ClaimStages;
  /** Whether the stages are the funnel's own: then its first stage's text is its promise. */
  ownStages: boolean;
  /** The platform's sentence, for a funnel that says nothing of its own. */
  fallback: () => string;
}

/**
 * What a sent claim's page and emails say happens next, or null when nothing is promised.
 * While the claim is in its first stage (or not yet given one): the funnel's
 * `whatHappensNext`; else the first stage's own text when the funnel has its own stages; else
 * the platform's sentence. Once staff have moved it on, the stage's own text says where it is
 * and what comes of it, so nothing more is promised; a final stage (or a withdrawn claim)
 * promises nothing.
 */
export function promisedNext(promise: NextPromise, stage: string | undefined): string | null {
  const { stages } = promise;
  if (stage !== undefined && stage !== stages.initial) return null;
  const first = stageById(stages.initial, stages);
  if (first && first.next.length === 0) return null;
  return (
    promise.written ?? (promise.ownStages ? first?.claimantText : undefined) ?? promise.fallback()
  );
}
