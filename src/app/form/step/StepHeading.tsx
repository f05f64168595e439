import type { Funnel, FunnelPage } from '../../../runtime/funnel';
import { formText } from '../formText';

/** A claim page's heading: its step of the path, the funnel's title and the page's. */
export function StepHeading({
  funnel,
  page,
  progress,
}: {
  funnel: Funnel;
  page: FunnelPage;
  progress: { step: number; total: number } | undefined;
}) {
  return (
    <>
      {progress && page.kind !== 'exit' && (
        <p className="progress" data-testid="progress">
          {formText('step.progress', { step: progress.step, total: progress.total })}
        </p>
      )}
      <h1>
        <span className="caption">{funnel.title}</span>
        {page.title}
      </h1>
      {page.description && <p className="lead">{page.description}</p>}
    </>
  );
}
