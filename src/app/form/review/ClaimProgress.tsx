import { stageShown } from '../../locale/claimStagesShown';
import { claimPagesText } from '../claimPagesText';
import { dateTimeFormat } from '../../locale/localeFormats';

const DATE = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Where a sent claim is: its stage in the claimant's words (its funnel's lifecycle)
 * and a dated timeline of every stage it has been in, newest first.
 */
export function ClaimProgress({
  funnelId,
  stage,
  timeline,
  claimNoun,
}: {
  funnelId: string;
  stage: string;
  timeline: ReadonlyArray<{ stage: string; at: string }>;
  claimNoun: string;
}) {
  const current = stageShown(funnelId, stage);
  return (
    <section aria-labelledby="claim-progress" data-testid="claim-progress">
      <h2 id="claim-progress">{claimPagesText('progress.heading', { claimNoun })}</h2>
      {current && (
        <p>
          <strong className="tag">{current.claimantLabel}</strong> {current.claimantText}
        </p>
      )}
      <ol className="timeline" reversed>
        {[...timeline].reverse().map((entry) => (
          <li key={`${entry.stage}-${entry.at}`}>
            <span className="timeline__label">
              {stageShown(funnelId, entry.stage)?.claimantLabel ?? entry.stage}
            </span>{' '}
            <time dateTime={entry.at}>{DATE.format(new Date(entry.at))}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
