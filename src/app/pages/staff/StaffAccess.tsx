import { Link } from 'react-router-dom';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { funnelRegistry } from '../../funnelRegistry';
import { paths } from '../../paths';

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
        <h1>This page is for staff</h1>
        <p>
          Your account cannot open the back office. If you work for us, ask for the staff role and
          sign in again. <Link to={paths.home()}>Go to the home page</Link>.
        </p>
      </div>
    );
  }
  return (
    <p className="notice notice--warning" role="alert">
      Sorry, this could not be loaded
      {isGatewayQueryError(error) && error.message ? `: ${error.message}` : ''}. Reload the page to
      try again.
    </p>
  );
}

export type StaffScreen = 'claims' | 'outbox' | 'claim' | 'funnels';

/** The back office's own navigation, on every staff screen. */
export function StaffNav({ current }: { current: StaffScreen }) {
  return (
    <nav aria-label="Back office" className="staff-nav">
      <ul>
        <li>
          <Link to={paths.staff()} aria-current={current === 'claims' ? 'page' : undefined}>
            Claims
          </Link>
        </li>
        <li>
          <Link to={paths.staffFunnels()} aria-current={current === 'funnels' ? 'page' : undefined}>
            Funnel drop-off
          </Link>
        </li>
        <li>
          <Link to={paths.staffOutbox()} aria-current={current === 'outbox' ? 'page' : undefined}>
            Outbox
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
