import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { requestSaveAndReturnLink } from '../../../store/account/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { useKnownContact } from '../account/useKnownContact';
import { funnelRegistry } from '../../funnelRegistry';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { safeRedirect } from '../../routing/safeRedirect';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { GenericErrorPage } from '../../ui/ErrorPage';
import { EmailField } from '../../ui/fields/TextField';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { LinkValidity } from './LinkValidity';
import { SaveAndReturnLinkSent } from './SaveAndReturnLinkSent';
import { describeSaveAndReturnError } from './saveAndReturnErrors';
import { saveAndReturnText } from './saveAndReturnText';

/** What a funnel page passes in its link here, so "Back" returns to it. */
export interface SaveAndReturnFrom {
  from: string;
}

/**
 * GOV.UK "save and come back later": an anonymous claimant enters an email address and is
 * sent a link that opens their claim on any device, as the same claimant (same answers).
 */
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
export function SaveAndReturnPage() {
  const { funnelId = '' } = useParams();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectAuthUser);
  const authStatus = useAppSelector(selectAuthStatus);
  const funnel = funnelRegistry().getFunnel(funnelId);
  // null until they type: until then the address they already gave is shown.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const registered = user !== null && !user.isAnonymous;
  const send = useCallback(
    async (address: string) => {
      setSending(true);
      try {
        await dispatch(requestSaveAndReturnLink(funnelId, address));
        setSentTo(address);
      } catch (error) {
        setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
      } finally {
        setSending(false);
      }
    },
    [dispatch, funnelId, setErrors, setSending, setSentTo],
  );
  // An address asked for before the session has started (it starts just after the page is
  // drawn, once the app's files answer): sent as soon as it has, "Sending…" meanwhile, so a
  // quick click is never one that did nothing.
  const waitingToSend = useRef<string | null>(null);
  useEffect(() => {
    const address = waitingToSend.current;
    if (address === null || authStatus !== 'initialised') return;
    waitingToSend.current = null;
    void send(address);
  }, [authStatus, send]);
  // The title names what the page now says (its h1), so the new state is announced.
  usePageTitle(
    saveAndReturnText(registered ? 'registered.title' : sentTo ? 'sent.title' : 'save.title'),
  );

  // The address they already gave (the funnel's email role), theirs to confirm or change.
  const knownEmail = useKnownContact(funnelId).email;
  const email = typedEmail ?? knownEmail;

  if (!funnel) return <GenericErrorPage message={saveAndReturnText('save.funnelNotFound')} />;
  // React Router types navigation state as unknown; pages that come here pass SaveAndReturnFrom.
  const from = (location.state as SaveAndReturnFrom | null)?.from;
  const backUrl = safeRedirect(
    from,
    user ? pageUrl(funnel.funnelId, funnel.pages[0]!.pageId, user.uid) : paths.home(),
  );

  if (registered) {
    return (
      <div className="narrow">
        <Link className="back-link" to={backUrl}>
          {saveAndReturnText('save.back')}
        </Link>
        <h1>{saveAndReturnText('registered.title')}</h1>
        <p>
          {user.email
            ? saveAndReturnText('registered.savedAs', { email: user.email })
            : saveAndReturnText('registered.saved')}
        </p>
        <Link className="button" to={backUrl}>
          {saveAndReturnText('registered.continue')}
        </Link>
      </div>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    if (authStatus === 'initialised') return send(email.trim());
    waitingToSend.current = email.trim();
    setSending(true);
  }

  if (sentTo) {
    return (
      <div className="narrow">
        <SaveAndReturnLinkSent message="sent.body" email={sentTo} />
        <p>{saveAndReturnText('sent.existingAccount')}</p>
        <p>{saveAndReturnText('sent.spam')}</p>
        <p>
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            {saveAndReturnText('sent.sendAgain')}
          </button>
        </p>
        <Link className="button" to={backUrl}>
          {saveAndReturnText('sent.continue')}
        </Link>
      </div>
    );
  }

  return (
    <div className="narrow">
      <Link className="back-link" to={backUrl}>
        {saveAndReturnText('save.back')}
      </Link>
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>
        <span className="caption">{funnel.title}</span>
        {saveAndReturnText('save.title')}
      </h1>
      <p>{saveAndReturnText('save.intro')}</p>
      <p>{saveAndReturnText('save.whatIsSaved')}</p>
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <button type="submit" className="button" disabled={sending}>
          {saveAndReturnText(sending ? 'save.sending' : 'save.submit')}
        </button>
      </form>
      <LinkValidity />
    </div>
  );
}
