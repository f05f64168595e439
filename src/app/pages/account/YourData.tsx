import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, downloadMyData } from '../../../store/account/account';
import { useAppDispatch } from '../../../store/hooks';
import { site } from '../../../content/site';
import { paths } from '../../paths';
import { saveFile } from '../../ui/saveFile';
import { AccountSentence } from './AccountSentence';
import { accountText, type AccountTextKey } from './accountText';

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'confirm-delete' }
  | { kind: 'failed'; message: string };

/**
 * Its words with an account, and without one: a claimant who never made an account deletes
 * their data, never "their account".
 */
const WORDS = {
  account: {
    heading: 'data.heading',
    intro: 'data.intro',
    deleteHeading: 'data.deleteHeading',
    deleteIntro: 'data.deleteIntro',
    deleteButton: 'data.deleteButton',
    confirmHeading: 'data.confirmHeading',
    confirmBody: 'data.confirmBody',
    confirmYes: 'data.confirmYes',
    confirmKeep: 'data.confirmKeep',
    deleted: 'data.deleted',
    deleteFailed: 'data.deleteFailed',
  },
  noAccount: {
    heading: 'noAccount.dataHeading',
    intro: 'noAccount.dataIntro',
    deleteHeading: 'noAccount.deleteHeading',
    deleteIntro: 'noAccount.deleteIntro',
    deleteButton: 'noAccount.deleteButton',
    confirmHeading: 'noAccount.confirmHeading',
    confirmBody: 'noAccount.confirmBody',
    confirmYes: 'noAccount.confirmYes',
    confirmKeep: 'noAccount.confirmKeep',
    deleted: 'noAccount.deleted',
    deleteFailed: 'noAccount.deleteFailed',
  },
} as const satisfies Record<string, Record<string, AccountTextKey>>;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** The download's file name, after the service it came from ("Flight Refunds" → flight-refunds-my-data-…). */
function myDataFileName(): string {
  const day = new Date().toISOString().slice(0, 10);
  const service = site.identity.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${service.replace(/^-|-$/g, '')}-my-data-${day}.json`;
}

/**
 * What the section does and the step it is at: downloading, asking to confirm, deleting,
 * and where focus goes when it asks or fails.
 */
function useYourDataSteps(words: Words) {
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
      saveFile(myDataFileName(), JSON.stringify(data, null, 2), 'application/json');
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
      const notice = accountText(words.deleted, { kept });
      navigate(paths.home(), { replace: true, state: { notice } });
    } catch {
      setStep({
        kind: 'failed',
        message: accountText(words.deleteFailed),
      });
    }
  }

  return { step, setStep, downloaded, confirmHeading, alert, download, remove };
}

/**
 * The claimant's rights over their data (UK GDPR): download everything we hold about them,
 * and delete it (their account, when they have one) after a clear confirmation. The gateway
 * does the same for a session without an account: everything its uid holds.
 */
export function YourData({ hasAccount = true }: { hasAccount?: boolean }) {
  const words = WORDS[hasAccount ? 'account' : 'noAccount'];
  const { step, setStep, downloaded, confirmHeading, alert, download, remove } =
    useYourDataSteps(words);

  return (
    <section aria-labelledby="your-data">
      <h2 id="your-data">{accountText(words.heading)}</h2>
      <p>{accountText(words.intro)}</p>
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
      <h3>{accountText(words.deleteHeading)}</h3>
      {step.kind === 'confirm-delete' ? (
        <ConfirmDelete
          words={words}
          heading={confirmHeading}
          onYes={() => void remove()}
          onKeep={() => setStep({ kind: 'idle' })}
        />
      ) : (
        <>
          <p>{accountText(words.deleteIntro)}</p>
          <button
            type="button"
            className="button button--warning"
            disabled={step.kind === 'working'}
            onClick={() => setStep({ kind: 'confirm-delete' })}
          >
            {accountText(words.deleteButton)}
          </button>
        </>
      )}
    </section>
  );
}

/** "Are you sure?": what deleting removes (the privacy notice says what is kept), yes or keep. */
function ConfirmDelete({
  words,
  heading,
  onYes,
  onKeep,
}: {
  words: Words;
  heading: RefObject<HTMLHeadingElement | null>;
  onYes: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="notice notice--warning" data-testid="confirm-delete-account">
      <h4 ref={heading} tabIndex={-1}>
        {accountText(words.confirmHeading)}
      </h4>
      <p>
        <AccountSentence
          message={words.confirmBody}
          slots={{
            privacyLink: <a href={paths.privacy()}>{accountText('data.privacyLink')}</a>,
          }}
        />
      </p>
      <div className="button-group">
        <button type="button" className="button button--warning" onClick={onYes}>
          {accountText(words.confirmYes)}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {accountText(words.confirmKeep)}
        </button>
      </div>
    </div>
  );
}
