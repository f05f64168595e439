import { Link } from 'react-router-dom';
import { useStaffListMailQuery } from '../../../store/staffApi';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { PageButtons, useCursorPages } from './cursorPages';
import { StaffLoadProblem, StaffNav } from './StaffAccess';
import './staff.css';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The emails the gateway has written to the `mail` collection, newest first, as the Trigger
 * Email extension sends them. Locally nothing is sent: this is where they can be read.
 */
export function StaffOutboxPage() {
  usePageTitle('Outbox – back office');
  const pages = useCursorPages();
  const { cursor } = pages;
  const { data, error } = useStaffListMailQuery(cursor ? { cursor } : {});
  if (error) {
    return <StaffLoadProblem error={error} />;
  }
  return (
    <div className="staff">
      <StaffNav current="outbox" />
      <h1>Outbox</h1>
      <p>
        Every email the platform has written, as it is (or would be) sent. On a real project the
        Trigger Email extension sends them and records how delivery went.
      </p>
      {!data ? (
        <p aria-live="polite">Loading emails…</p>
      ) : data.mail.length === 0 ? (
        <p role="status">No emails yet.</p>
      ) : (
        <ul className="card-list" data-testid="outbox">
          {data.mail.map((mail) => (
            <li key={mail.id}>
              <h2>{mail.subject}</h2>
              <p className="staff-muted">
                To {mail.to} ·{' '}
                <time dateTime={mail.createdAt}>{WHEN.format(new Date(mail.createdAt))}</time> ·{' '}
                {mail.deliveryState
                  ? `Delivery: ${mail.deliveryState}`
                  : 'Not sent by the extension'}
                {mail.claimId && (
                  <>
                    {' '}
                    · <Link to={paths.staffClaim(mail.claimId)}>Open the claim</Link>
                  </>
                )}
              </p>
              <pre className="staff-mail">{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
      <PageButtons
        label="Pages of emails"
        pages={pages}
        nextCursor={data?.nextCursor}
        previousText="Newer emails"
        nextText="Older emails"
      />
    </div>
  );
}
