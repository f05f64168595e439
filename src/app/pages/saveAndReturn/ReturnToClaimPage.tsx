import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LinkOpening } from '../login/LinkOpening';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { renewSaveAndReturnLink, type LinkOutcome } from '../../../store/account/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus } from '../../../store/slices/authSlice';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { useSubmitErrors } from '../../ui/ErrorSummary';
import { EmailField } from '../../ui/fields/TextField';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { signInNoticeOf } from '../login/signInNotice';
import { LinkFailed } from './LinkFailed';
import { LinkRanOut } from './LinkRanOut';
import { SaveAndReturnLinkSent } from './SaveAndReturnLinkSent';
import { describeSaveAndReturnError } from './saveAndReturnErrors';
import { saveAndReturnText, type SaveAndReturnTextKey } from './saveAndReturnText';

/** Where the claimant goes on: the page they stopped at, or their claims to choose from. */
function destinationOf(outcome: LinkOutcome): string {
  const choosing = outcome.merged && outcome.merged.choices.length > 0;
  if (outcome.continueAt && !choosing) {
    return pageUrl(outcome.continueAt.funnelId, outcome.continueAt.pageId, outcome.user.uid);
  }
  return paths.yourClaims();
}

type Stage =
  | { kind: 'working' }
  | { kind: 'expired' }
  | { kind: 'renewed'; email: string }
  | { kind: 'failed'; message: string };

const TITLES: Record<Stage['kind'], SaveAndReturnTextKey> = {
  working: 'return.workingTitle',
  expired: 'return.expiredTitle',
  renewed: 'return.renewedTitle',
  failed: 'return.failedTitle',
};

/**
 * Where a "save and come back later" link lands (`/return?request=<id>&link=<token>`), on
 * any device, opened as LinkOpening requires (the address typed where this browser did not
 * ask for it, a yes before anything here moves). A link that ran out or was used can be
 * renewed from here, by the address it was sent to.
 */
export function ReturnToClaimPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request') ?? '';
  const token = params.get('link') ?? '';
  const complete = requestId !== '' && token !== '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const [stage, setStage] = useState<Stage>(
    complete
      ? { kind: 'working' }
      : { kind: 'failed', message: saveAndReturnText('return.incomplete') },
  );
  const [email, setEmail] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(saveAndReturnText(TITLES[stage.kind]));

  useEffect(() => {
    if (stage.kind === 'expired' || stage.kind === 'failed') heading.current?.focus();
  }, [stage.kind]);

  async function onRenew(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0 || authStatus !== 'initialised') return;
    try {
      await dispatch(renewSaveAndReturnLink(requestId, email.trim()));
      setStage({ kind: 'renewed', email: email.trim() });
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
    }
  }

  const emailField = (
    <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
  );

  switch (stage.kind) {
    case 'working':
      return (
        <LinkOpening
          token={token}
          onRedeemed={(outcome) =>
            navigate(destinationOf(outcome), { replace: true, state: signInNoticeOf(outcome) })
          }
          onEnded={(ended) =>
            setStage(
              ended.kind === 'used' && !ended.message
                ? { kind: 'expired' }
                : { kind: 'failed', message: ended.message ?? '' },
            )
          }
          render={() => (
            <div className="narrow">
              <h1>{saveAndReturnText('return.workingTitle')}</h1>
              <p aria-live="polite">{saveAndReturnText('return.wait')}</p>
            </div>
          )}
        />
      );
    case 'expired':
      return (
        <LinkRanOut
          headingRef={heading}
          errors={errors}
          failedSubmits={failedSubmits}
          emailField={emailField}
          onRenew={onRenew}
        />
      );
    case 'renewed':
      return (
        <div className="narrow">
          <SaveAndReturnLinkSent message="return.renewed" email={stage.email} />
        </div>
      );
    case 'failed':
      return <LinkFailed headingRef={heading} message={stage.message} />;
  }
}
