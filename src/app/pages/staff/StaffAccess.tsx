import { Link } from 'react-router-dom';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { funnelRegistry } from '../../funnelRegistry';
import { paths } from '../../paths';
import { staffText } from './staffText';

/**
 * What a staff screen shows instead of its data when the gateway refused or failed: the
 * server decides who is staff (the role on the account), so a claimant who opens /staff is
 * told it is not for them, and nothing of the back office is shown.
 */
export function StaffLoadProblem({
  error,
  nav,
}: {
  error: unknown;
  /** The screen whose navigation to show above the problem, if any. */
  nav?: StaffScreen;
}) {
  return (
    <div className="staff">
      {nav && <StaffNav current={nav} />}
      <LoadProblem error={error} />
    </div>
  );
}

function LoadProblem({ error }: { error: unknown }) {
  if (isGatewayQueryError(error) && error.code === 'permission-denied') {
    return (
      <div className="narrow">
        <h1>{staffText('access.deniedHeading')}</h1>
        <p>
          {staffText('access.deniedBody')}{' '}
          <Link to={paths.home()}>{staffText('access.homeLink')}</Link>.
        </p>
      </div>
    );
  }
  return (
    <p className="notice notice--warning" role="alert">
      {isGatewayQueryError(error) && error.message
        ? staffText('access.loadFailedBecause', { reason: error.message })
        : staffText('access.loadFailed')}
    </p>
  );
}

type StaffScreen = 'claims' | 'outbox' | 'claim' | 'funnels';

/** The back office's own navigation, on every staff screen. */
export function StaffNav({ current }: { current: StaffScreen }) {
  return (
    <nav aria-label={staffText('nav.label')} className="staff-nav">
      <ul>
        <li>
          <Link to={paths.staff()} aria-current={current === 'claims' ? 'page' : undefined}>
            {staffText('nav.claims')}
          </Link>
        </li>
        <li>
          <Link to={paths.staffFunnels()} aria-current={current === 'funnels' ? 'page' : undefined}>
            {staffText('nav.funnels')}
          </Link>
        </li>
        <li>
          <Link to={paths.staffOutbox()} aria-current={current === 'outbox' ? 'page' : undefined}>
            {staffText('nav.outbox')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** A filter form's non-empty values, as the address bar keeps them (Back and reload keep them). */
export function searchParamsOfForm(
  form: HTMLFormElement,
  names: readonly string[],
): URLSearchParams {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const name of names) {
    const value = String(data.get(name) ?? '').trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** One option per funnel of the site, by its title, for the staff screens' funnel choices. */
export function FunnelOptions() {
  return funnelRegistry()
    .listFunnels()
    .map((funnel) => (
      <option key={funnel.funnelId} value={funnel.funnelId}>
        {funnel.title}
      </option>
    ));
}
