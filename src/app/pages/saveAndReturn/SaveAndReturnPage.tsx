import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
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
import { SavedToAccount } from './SavedToAccount';
import { SaveLinkSentPage } from './SaveLinkSentPage';
import { saveAndReturnText } from './saveAndReturnText';
import { useSaveLinkSending } from './useSaveLinkSending';

/** What a funnel page passes in its link here, so "Back" returns to it. */
export interface SaveAndReturnFrom {
  from: string;
}

/**
 * GOV.UK "save and come back later": an anonymous claimant enters an email address and is
 * sent a link that opens their claim on any device, as the same claimant (same answers).
 */
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
  const registered = user !== null && !user.isAnonymous;
  const { sending, sentTo, sendAgain, sendWhenReady } = useSaveLinkSending({
    funnelId,
    dispatch,
    authStatus,
    setErrors,
  });
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

  if (registered) return <SavedToAccount backUrl={backUrl} email={user.email} />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    return sendWhenReady(email.trim());
  }

  if (sentTo) {
    return <SaveLinkSentPage sentTo={sentTo} backUrl={backUrl} onSendAgain={sendAgain} />;
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
