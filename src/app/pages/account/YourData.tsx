import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, downloadMyData } from '../../../store/account';
import { useAppDispatch } from '../../../store/hooks';
import { site } from '../../../content/site';
import { paths } from '../../paths';
import { saveFile } from '../../ui/saveFile';
import { AccountSentence } from './AccountSentence';
import { accountText } from './accountText';

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
        message: accountText('data.downloadFailed'),
      });
    }
  }

  async function remove() {
    setStep({ kind: 'working' });
    try {
      const kept = await dispatch(deleteAccount());
      const notice = accountText('data.deleted', { kept });
      navigate(paths.home(), { replace: true, state: { notice } });
    } catch {
      setStep({
        kind: 'failed',
        message: accountText('data.deleteFailed'),
      });
    }
  }

  return (
    <section aria-labelledby="your-data">
      <h2 id="your-data">{accountText('data.heading')}</h2>
      <p>{accountText('data.intro')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={step.kind === 'working'}
        onClick={() => void download()}
      >
        {accountText('data.download')}
      </button>
      <p aria-live="polite" className="field__hint" data-testid="data-download-status">
        {downloaded && accountText('data.downloaded')}
      </p>
      {step.kind === 'failed' && (
        <div className="notice notice--warning" role="alert" ref={alert} tabIndex={-1}>
          {step.message}
        </div>
      )}
      <h3>{accountText('data.deleteHeading')}</h3>
      {step.kind === 'confirm-delete' ? (
        <div className="notice notice--warning" data-testid="confirm-delete-account">
          <h4 ref={confirmHeading} tabIndex={-1}>
            {accountText('data.confirmHeading')}
          </h4>
          <p>
            <AccountSentence
              message="data.confirmBody"
              slots={{
                privacyLink: <a href={paths.privacy()}>{accountText('data.privacyLink')}</a>,
              }}
            />
          </p>
          <div className="button-group">
            <button type="button" className="button button--warning" onClick={() => void remove()}>
              {accountText('data.confirmYes')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep({ kind: 'idle' })}
            >
              {accountText('data.confirmKeep')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>{accountText('data.deleteIntro')}</p>
          <button
            type="button"
            className="button button--warning"
            disabled={step.kind === 'working'}
            onClick={() => setStep({ kind: 'confirm-delete' })}
          >
            {accountText('data.deleteButton')}
          </button>
        </>
      )}
    </section>
  );
}
