import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LinkOutcome } from '../../../store/account/account';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { EmailField } from '../../ui/fields/TextField';
import { accountText } from '../account/accountText';
import { usePageTitle } from '../../usePageTitle';
import { LinkQuestionView } from './LinkQuestionView';
import { useLinkOpening, type AddressRefusal, type LinkOpeningStage } from './useLinkOpening';

/**
 * Opens a single-use link the way the gateway requires (linkOpening.ts on its side): it asks
 * about the link only once this browser has a session; where this browser did not ask for
 * the link, the address it was sent to is typed first; when using it would change who is
 * signed in here or move a claim, the person is shown which account or claim and says yes
 * (staying changes nothing). Then the link is used and `onRedeemed` says where to go.
 * A step that cannot reach the gateway (a phone between masts) waits on the page and is
 * taken again once the browser is back online, so nothing needs opening twice.
 * `render` draws the stages the page words itself (working, used, failed); a page that shows
 * an ended link its own way is told with `onEnded`.
 */
export function LinkOpening({
  token,
  onRedeemed,
  onEnded,
  render,
}: {
  token: string;
  onRedeemed: (outcome: LinkOutcome) => void;
  onEnded?: (stage: Extract<LinkOpeningStage, { kind: 'used' | 'failed' }>) => void;
  render: (stage: Extract<LinkOpeningStage, { kind: 'working' | 'used' | 'failed' }>) => ReactNode;
}) {
  const { stage, uid, answerAddress, answerYes } = useLinkOpening(token, onRedeemed, onEnded);

  switch (stage.kind) {
    case 'address': {
      const { stay } = stage;
      return (
        <LinkAddressForm
          stay={stage.stay}
          refusal={stage.refusal ?? null}
          onAddress={(email) => answerAddress(email, stay)}
        />
      );
    }
    case 'asking':
      return (
        <LinkQuestionView
          question={stage.question}
          purpose={stage.purpose}
          uid={uid}
          onYes={() => answerYes(stage.email)}
        />
      );
    case 'unreachable':
      return <LinkUnreachable />;
    default:
      return render(stage);
  }
}

/**
 * "Confirm your email address": a link opened in a browser that did not ask for it is used
 * only once the address it was sent to is typed, so a link someone sent to themselves cannot
 * sign another person in to their account.
 */
function LinkAddressForm({
  stay,
  refusal,
  onAddress,
}: {
  /** Where "no, stay as I am" goes: this browser's claim in progress, or the home page. */
  stay: string;
  /** The last address the gateway refused, with why (even one sent before a lost connection). */
  refusal: AddressRefusal | null;
  onAddress: (email: string) => Promise<void>;
}) {
  const [email, setEmail] = useState(refusal?.email ?? '');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A refusal's error summary takes focus instead (GOV.UK's pattern).
    if (!refusal) heading.current?.focus();
    // Once, as the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (refusal) setErrors([{ fieldId: 'email', message: refusal.message }]);
  }, [refusal, setErrors]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0 || sending) return;
    setSending(true);
    await onAddress(email.trim());
    setSending(false);
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1 ref={heading} tabIndex={-1}>
        {accountText('opening.addressTitle')}
      </h1>
      <p>{accountText('opening.addressIntro')}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <div className="button-group">
          <button type="submit" className="button" aria-disabled={sending}>
            {accountText('opening.addressButton')}
          </button>
          <Link to={stay} className="button button--secondary" replace>
            {accountText('opening.notMine')}
          </Link>
        </div>
      </form>
    </div>
  );
}

/** Said while a step of opening the link waits for a connection; it goes on by itself. */
function LinkUnreachable() {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(accountText('opening.unreachableTitle'));
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {accountText('opening.unreachableTitle')}
      </h1>
      <p role="status">{accountText('opening.unreachableBody')}</p>
    </div>
  );
}
