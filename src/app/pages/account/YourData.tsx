import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, downloadMyData } from '../../../store/account';
import { useAppDispatch } from '../../../store/hooks';
import { site } from '../../../content/site';
import { paths } from '../../paths';
import { saveFile } from '../../ui/saveFile';

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'confirm-delete' }
  | { kind: 'failed'; message: string };

/**
 * The claimant's rights over their data (UK GDPR): download everything we hold about them,
 * and delete their account after a clear confirmation.
 */
export function YourData() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [downloaded, setDownloaded] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (step.kind === 'confirm-delete') confirmHeading.current?.focus();
    if (step.kind === 'failed') alert.current?.focus();
  }, [step.kind]);

  async function download() {
    setStep({ kind: 'working' });
    try {
      const data = await dispatch(downloadMyData());
      const day = new Date().toISOString().slice(0, 10);
      // Named after the service it came from ("Flight Refunds" → flight-refunds-my-data-…).
      const service = site.identity.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      saveFile(
        `${service.replace(/^-|-$/g, '')}-my-data-${day}.json`,
        JSON.stringify(data, null, 2),
        'application/json',
      );
      setDownloaded(true);
      setStep({ kind: 'idle' });
    } catch {
      setStep({
        kind: 'failed',
        message: 'Sorry, we could not prepare your data. Try again later.',
      });
    }
  }

  async function remove() {
    setStep({ kind: 'working' });
    try {
      const kept = await dispatch(deleteAccount());
      const notice =
        kept > 0
          ? `Your account has been deleted. We keep the ${kept === 1 ? 'claim' : `${kept} claims`} you sent, without your account, as our privacy notice explains.`
          : 'Your account and everything in it has been deleted.';
      navigate(paths.home(), { replace: true, state: { notice } });
    } catch {
      setStep({
        kind: 'failed',
        message: 'Sorry, we could not delete your account. Try again later.',
      });
    }
  }

  return (
    <section aria-labelledby="your-data">
      <h2 id="your-data">Your data</h2>
      <p>
        Download a copy of everything we hold about you: your account, your details, every claim
        with its answers, signatures and history.
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={step.kind === 'working'}
        onClick={() => void download()}
      >
        Download your data (JSON)
      </button>
      <p aria-live="polite" className="field__hint" data-testid="data-download-status">
        {downloaded && 'Your data has been downloaded.'}
      </p>
      {step.kind === 'failed' && (
        <div className="notice notice--warning" role="alert" ref={alert} tabIndex={-1}>
          {step.message}
        </div>
      )}
      <h3>Delete your account</h3>
      {step.kind === 'confirm-delete' ? (
        <div className="notice notice--warning" data-testid="confirm-delete-account">
          <h4 ref={confirmHeading} tabIndex={-1}>
            Are you sure you want to delete your account?
          </h4>
          <p>
            Your details and any claims you have not sent will be deleted and cannot be got back.
            Claims you have sent are kept, without your account, for as long as our{' '}
            <a href={paths.privacy()}>privacy notice</a> says.
          </p>
          <div className="button-group">
            <button type="button" className="button button--warning" onClick={() => void remove()}>
              Yes, delete my account
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep({ kind: 'idle' })}
            >
              Keep my account
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>This deletes your account and the claims you have not sent.</p>
          <button
            type="button"
            className="button button--warning"
            disabled={step.kind === 'working'}
            onClick={() => setStep({ kind: 'confirm-delete' })}
          >
            Delete your account
          </button>
        </>
      )}
    </section>
  );
}
