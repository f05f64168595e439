import { Link } from 'react-router-dom';
import type { Funnel, FunnelPage } from '../../../runtime/funnel';
import { MessageSentence } from '../../ui/MessageSentence';
import { formText } from '../formText';
import type { StepState } from './continue/useStepContinue';

/**
 * A claimant coming back to the first page (the "Your claim" link) is offered the page
 * where they stopped; they can still change their first answers here. Finding that page
 * checks the later pages' answers, whose validators load with the step: until it is ready
 * (a page drawn from this browser's copy), the page this browser kept as where they stopped
 * is offered, so the notice is there from the first frame.
 */
export function ResumeNotice({
  funnel,
  page,
  step,
}: {
  funnel: Funnel;
  page: FunnelPage;
  step: StepState;
}) {
  const { ready, answers } = step;
  const onFirstPage = page.pageId === funnel.pages[0]?.pageId && !!answers[page.pageId];
  const resumePage = !onFirstPage
    ? undefined
    : ready
      ? step.navigator.resume(answers)
      : funnel.pages.find((each) => each.pageId === step.keptPageId);
  if (!resumePage || resumePage.pageId === page.pageId) return null;
  return (
    <div className="notice" data-testid="resume-notice">
      <p>
        <MessageSentence
          say={formText}
          message="step.resume"
          slots={{
            continueLink: (
              <Link to={step.urlOf(resumePage.pageId)}>
                {formText('step.resumeLink', { pageTitle: resumePage.title })}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
