import { Link } from 'react-router-dom';
import { staffApi } from '../../../store/staffApi';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { PageButtons, useCursorPages } from './cursorPages';
import { StaffLoadProblem, StaffNav } from './StaffAccess';
import { staffText } from './staffText';
import './staff.css';
import { dateTimeFormat } from '../../locale/localeFormats';

const WHEN = dateTimeFormat({
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
  usePageTitle(staffText('outbox.pageTitle'));
  const pages = useCursorPages();
  const { cursor } = pages;
  const { data, error } = staffApi.useStaffListMailQuery(cursor ? { cursor } : {});
  if (error) {
    return <StaffLoadProblem error={error} />;
  }
  return (
    <div className="staff">
      <StaffNav current="outbox" />
      <h1>{staffText('outbox.heading')}</h1>
      <p>{staffText('outbox.intro')}</p>
      {!data ? (
        <p aria-live="polite">{staffText('outbox.loading')}</p>
      ) : data.mail.length === 0 ? (
        <p role="status">{staffText('outbox.empty')}</p>
      ) : (
        <ul className="card-list" data-testid="outbox">
          {data.mail.map((mail) => (
            <li key={mail.id}>
              <h2>{mail.subject}</h2>
              <p className="staff-muted">
                {staffText('outbox.to', { address: mail.to })} ·{' '}
                <time dateTime={mail.createdAt}>{WHEN.format(new Date(mail.createdAt))}</time> ·{' '}
                {mail.deliveryState
                  ? staffText('outbox.delivery', { state: mail.deliveryState })
                  : staffText('outbox.notSent')}
                {mail.claimId && (
                  <>
                    {' '}
                    ·{' '}
                    <Link to={paths.staffClaim(mail.claimId)}>{staffText('outbox.openClaim')}</Link>
                  </>
                )}
              </p>
              <pre className="staff-mail">{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
      <PageButtons
        label={staffText('outbox.pagesLabel')}
        pages={pages}
        nextCursor={data?.nextCursor}
        previousText={staffText('outbox.newer')}
        nextText={staffText('outbox.older')}
      />
    </div>
  );
}
