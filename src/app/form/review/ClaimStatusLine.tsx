import { stageShown } from '../../locale/claimStagesShown';
import { dateTimeFormat } from '../../locale/localeFormats';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';

const LONG_DATE = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

function longDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

interface ClaimStatusLineProps {
  funnelId: string;
  /** When the claim was sent and withdrawn, and the stage it is in. */
  claim: { submittedAt: string | null; withdrawnAt: string | null; stage?: string | null };
  /** The funnel's first stage, where a sent claim waits: said as "Submitted". */
  initialStage: string;
  claimNoun: string;
  /** Withdrawing also ended the letter of authority the claimant signed. */
  withLetter: boolean;
}

/**
 * A sent claim's status in a sentence, with a tag: withdrawn and when, or sent and when, in
 * the stage it has reached.
 */
export function ClaimStatusLine({
  funnelId,
  claim,
  initialStage,
  claimNoun,
  withLetter,
}: ClaimStatusLineProps) {
  if (claim.withdrawnAt) {
    return (
      <p data-testid="claim-status">
        <MessageSentence
          say={claimPagesText}
          message={
            withLetter ? 'confirmation.statusWithdrawnWithLetter' : 'confirmation.statusWithdrawn'
          }
          values={{ date: longDate(claim.withdrawnAt), claimNoun }}
          slots={{
            tag: (
              <strong className="tag tag--grey">
                {claimPagesText('confirmation.withdrawnTag')}
              </strong>
            ),
          }}
        />
      </p>
    );
  }
  return (
    <p data-testid="claim-status">
      <MessageSentence
        say={claimPagesText}
        message={claim.submittedAt ? 'confirmation.statusSentOn' : 'confirmation.status'}
        values={claim.submittedAt ? { date: longDate(claim.submittedAt) } : {}}
        slots={{
          tag: (
            <strong className="tag tag--green">
              {/* Past the first stage, the stage's own name in its funnel's lifecycle. */}
              {(claim.stage && claim.stage !== initialStage
                ? stageShown(funnelId, claim.stage)?.claimantLabel
                : undefined) ?? claimPagesText('confirmation.submittedTag')}
            </strong>
          ),
        }}
      />
    </p>
  );
}
