import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { claimStages, roleText, stageById } from '../../../runtime/claim';
import type { GatewayRequest } from '../../../runtime/contract';
import { useStaffListClaimsQuery } from '../../../store/staffApi';
import { funnelRegistry } from '../../funnelRegistry';
import { paths } from '../../paths';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { usePageTitle } from '../../usePageTitle';
import { PageButtons, useCursorPages } from './cursorPages';
import { ExportClaims } from './ExportClaims';
import { FunnelOptions, searchParamsOfForm, StaffLoadProblem, StaffNav } from './StaffAccess';
import { TableScroll } from './TableScroll';
import './staff.css';

const PAGE_SIZE = 25;
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const FILTERS = ['funnel', 'stage', 'from', 'to', 'q', 'order'] as const;

/** The list's request from the address bar's filters (so Back and a reload keep them). */
function requestOf(params: URLSearchParams): GatewayRequest<'staffListClaims'> {
  // Only the filters given: the callable protocol would send an absent one as null.
  const given = (
    name: string,
    key: 'funnelId' | 'stage' | 'submittedFrom' | 'submittedTo' | 'search',
  ) => {
    const value = params.get(name)?.trim();
    return value ? { [key]: value } : {};
  };
  return {
    ...given('funnel', 'funnelId'),
    ...given('stage', 'stage'),
    ...given('from', 'submittedFrom'),
    ...given('to', 'submittedTo'),
    ...given('q', 'search'),
    order: params.get('order') === 'oldest' ? 'oldest' : 'newest',
    pageSize: PAGE_SIZE,
  };
}

/** The subject labels of the funnels listed (one funnel, or all), each once. */
function subjectLabelsOf(funnelId: string | undefined): string[] {
  const funnels = funnelId
    ? [funnelRegistry().getFunnel(funnelId)].filter((funnel) => funnel !== undefined)
    : funnelRegistry().listFunnels();
  return [
    ...new Set(
      funnels.flatMap((funnel) => (funnel.roles?.subject ? [funnel.roles.subject.label] : [])),
    ),
  ];
}

/** The claims list of the back office: filters, sorting, and a page at a time. */
export function StaffClaimsPage() {
  usePageTitle('Claims – back office');
  const [params, setParams] = useSearchParams();
  const request = requestOf(params);
  // Pages of these filters only: other filters start at page one.
  const pages = useCursorPages(params.toString());
  const { cursor } = pages;
  const { data, error, isFetching } = useStaffListClaimsQuery(
    cursor ? { ...request, cursor } : request,
  );

  // The subject column and search say what the funnels call their subject: one funnel's label
  // when the list is of one funnel (or every funnel's label is the same), else "Subject".
  const subjectLabels = subjectLabelsOf(request.funnelId);
  const subjectHeading = subjectLabels.length === 1 ? subjectLabels[0]! : 'Subject';
  const subjectWords =
    subjectLabels.length > 0 ? subjectLabels.join(', ').toLowerCase() : 'subject';

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    pages.restart();
    setParams(searchParamsOfForm(event.currentTarget, FILTERS));
  };

  if (error) {
    return <StaffLoadProblem error={error} />;
  }
  const { pageSize: _pageSize, ...exportFilters } = request;
  const first = pages.pagesBefore * PAGE_SIZE + 1;
  return (
    <div className="staff">
      <StaffNav current="claims" />
      <h1>Claims</h1>
      <form className="staff-filters" onSubmit={applyFilters} aria-label="Filter claims">
        <TextField
          id="filter-q"
          name="q"
          type="search"
          label={`Reference, name, email or ${subjectWords}`}
          defaultValue={params.get('q') ?? ''}
        />
        <SelectField
          id="filter-funnel"
          name="funnel"
          label="Funnel"
          defaultValue={params.get('funnel') ?? ''}
        >
          <option value="">All funnels</option>
          <FunnelOptions />
        </SelectField>
        <SelectField
          id="filter-stage"
          name="stage"
          label="Stage"
          defaultValue={params.get('stage') ?? ''}
        >
          <option value="">All stages</option>
          {claimStages.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.staffLabel}
            </option>
          ))}
        </SelectField>
        <TextField
          id="filter-from"
          name="from"
          type="date"
          label="Sent from"
          defaultValue={params.get('from') ?? ''}
        />
        <TextField
          id="filter-to"
          name="to"
          type="date"
          label="Sent to"
          defaultValue={params.get('to') ?? ''}
        />
        <SelectField
          id="filter-order"
          name="order"
          label="Order"
          defaultValue={params.get('order') ?? 'newest'}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </SelectField>
        <div className="button-group">
          <button type="submit" className="button">
            Apply filters
          </button>
          <Link to={paths.staff()} onClick={pages.restart}>
            Clear filters
          </Link>
        </div>
      </form>

      <ExportClaims filters={exportFilters} />
      {!data ? (
        <p aria-live="polite">Loading claims…</p>
      ) : data.claims.length === 0 ? (
        <p role="status">No claims match these filters.</p>
      ) : (
        <>
          <p role="status" aria-live="polite">
            {isFetching
              ? 'Loading…'
              : `Claims ${first} to ${first + data.claims.length - 1}${data.nextCursor ? '' : ' (the last page)'}`}
          </p>
          <TableScroll label="Claims matching the filters">
            <table className="staff-table">
              <caption className="visually-hidden">Claims matching the filters</caption>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Claimant</th>
                  <th scope="col">{subjectHeading}</th>
                  <th scope="col">Funnel</th>
                  <th scope="col">Stage</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {data.claims.map((row) => (
                  <tr key={row.claimId}>
                    <td>
                      <Link to={paths.staffClaim(row.claimId)}>{row.reference}</Link>
                    </td>
                    <td>
                      {roleText(row.claimantName, row.asked.name)}
                      {row.email && <div className="staff-muted">{row.email}</div>}
                    </td>
                    <td>
                      {roleText(row.subject, row.asked.subjectLabel !== null)}
                      {row.subject && row.asked.subjectLabel !== subjectHeading && (
                        <div className="staff-muted">{row.asked.subjectLabel}</div>
                      )}
                    </td>
                    <td>{funnelRegistry().getFunnel(row.funnelId)?.title ?? row.funnelId}</td>
                    <td>
                      <span className="tag">{stageById(row.stage)?.staffLabel ?? row.stage}</span>
                    </td>
                    <td>
                      <time dateTime={row.submittedAt}>
                        {DATE.format(new Date(row.submittedAt))}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <PageButtons
            label="Pages of claims"
            pages={pages}
            nextCursor={data.nextCursor}
            previousText="Previous page"
            nextText="Next page"
          />
        </>
      )}
    </div>
  );
}
