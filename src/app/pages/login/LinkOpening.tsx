import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GatewayResponse } from '../../../runtime/contract';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { retryUntilDone } from '../../../runtime/web';
import {
  checkLink,
  redeemLink,
  type LinkAnswers,
  type LinkOutcome,
} from '../../../store/account/account';
import { isUnanswered } from '../../../store/gatewayQueryError';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { EmailField } from '../../ui/fields/TextField';
import { describeSaveAndReturnError } from '../saveAndReturn/saveAndReturnErrors';
import { accountText } from '../account/accountText';
import { usePageTitle } from '../../usePageTitle';
import { LinkQuestionView } from './LinkQuestionView';
import { errorCodeOf } from '../../../runtime/contract';

type Question = NonNullable<GatewayResponse<'checkEmailLink'>['question']>;

/** An address the gateway refused, kept with what was typed so nothing needs typing again. */
interface AddressRefusal {
  email: string;
  message: string;
}

export type LinkOpeningStage =
  | { kind: 'working' }
  | { kind: 'address'; stay: string; refusal?: AddressRefusal }
  | { kind: 'asking'; question: Question; purpose: string; email?: string }
  | { kind: 'unreachable' }
  | { kind: 'used'; message?: string }
  | { kind: 'failed'; message: string };

function codeOf(error: unknown): string | undefined {
  return errorCodeOf(error);
}

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
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
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
  const dispatch = useAppDispatch();
  const authStatus = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [stage, setStage] = useState<LinkOpeningStage>({ kind: 'working' });
  const started = useRef(false);

  const stopRetrying = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRetrying.current(), []);

  /**
   * Takes a step of opening the link, saying it is under way. One that found no connection
   * says so and is taken again (at once when the browser is back online, else after a
   * growing wait), the page saying so until it is through; one the gateway refused ends in
   * words.
   */
  function take(step: () => Promise<void>): Promise<void> {
    const failed = (error: unknown) =>
      setStage({ kind: 'failed', message: describeAuthError(error) });
    setStage({ kind: 'working' });
    return step().catch((error: unknown) => {
      if (!isUnanswered(error)) return failed(error);
      setStage({ kind: 'unreachable' });
      stopRetrying.current();
      stopRetrying.current = retryUntilDone(
        () =>
          step().catch((again: unknown) => {
            if (isUnanswered(again)) throw again;
            failed(again);
          }),
        window,
      );
    });
  }

  async function redeem(answers: LinkAnswers) {
    try {
      onRedeemed(await dispatch(redeemLink(token, answers)));
    } catch (error) {
      if (codeOf(error) !== 'failed-precondition') throw error;
      setStage({ kind: 'used', message: describeSaveAndReturnError(error) });
    }
  }

  /** Asks the gateway what the link needs here; with `email`, the address typed. */
  async function check(email?: string) {
    const result = await dispatch(checkLink(token, email));
    if (!result.live) return setStage({ kind: 'used' });
    if (result.needsAddress && email === undefined) {
      const stay = result.stay?.pageId
        ? pageUrl(result.stay.funnelId, result.stay.pageId, user?.uid ?? '')
        : paths.home();
      return setStage({ kind: 'address', stay });
    }
    if (result.question) {
      return setStage({
        kind: 'asking',
        question: result.question,
        purpose: result.purpose!,
        email,
      });
    }
    return redeem({ email });
  }

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    started.current = true;
    void take(() => check());
    // check() is the same whenever it is first possible to run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus, token]);

  useEffect(() => {
    if (stage.kind === 'used' || stage.kind === 'failed') onEnded?.(stage);
    // Told once per stage reached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage]);

  switch (stage.kind) {
    case 'address': {
      const { stay } = stage;
      return (
        <LinkAddressForm
          stay={stage.stay}
          refusal={stage.refusal ?? null}
          onAddress={(email) =>
            take(() =>
              check(email).catch((error: unknown) => {
                if (codeOf(error) !== 'invalid-argument') throw error;
                const message = describeSaveAndReturnError(error);
                setStage({ kind: 'address', stay, refusal: { email, message } });
              }),
            )
          }
        />
      );
    }
    case 'asking':
      return (
        <LinkQuestionView
          question={stage.question}
          purpose={stage.purpose}
          uid={user?.uid ?? ''}
          onYes={() => void take(() => redeem({ email: stage.email, confirmed: true }))}
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
