import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageDropOff } from '../../../runtime/claim';
import type { GatewayRequest, GatewayResponse } from '../../../runtime/contract';
import { useStaffFunnelDropOffQuery } from '../../../store/staffApi';
import { funnelRegistry } from '../../funnelRegistry';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { usePageTitle } from '../../usePageTitle';
import { durationText } from './durationText';
import { FunnelOptions, searchParamsOfForm, StaffLoadProblem, StaffNav } from './StaffAccess';
import { TableScroll } from './TableScroll';
import './staff.css';

const PERCENT = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });

const share = (part: number, whole: number) => (whole === 0 ? '' : PERCENT.format(part / whole));

/** The dashboard's request from the address bar (so Back, a reload and a shared link keep it). */
function requestOf(params: URLSearchParams): GatewayRequest<'staffFunnelDropOff'> | null {
  const funnel =
    funnelRegistry().getFunnel(params.get('funnel') ?? '') ?? funnelRegistry().listFunnels()[0];
  if (!funnel) return null;
  const version = Number(params.get('version'));
  // A date the address bar holds that is no date (edited by hand) is left out, not sent.
  const dates = (['from', 'to'] as const).flatMap((name) => {
    const value = params.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? [[name === 'from' ? 'startedFrom' : 'startedTo', value]]
      : [];
  });
  return {
    funnelId: funnel.funnelId,
    funnelVersion: Number.isInteger(version) && version >= 1 ? version : funnel.version,
    ...Object.fromEntries(dates),
  };
}

/**
 * Funnel drop-off for product owners: for one funnel version, how many claims reached each
 * page, where unfinished ones stop, the median time per page and how many were sent,
 * counted by the gateway from the claims themselves.
 */
export function StaffFunnelsPage() {
  usePageTitle('Funnel drop-off – back office');
  const [params, setParams] = useSearchParams();
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const request = requestOf(params);
  const { data, error, isFetching } = useStaffFunnelDropOffQuery(request ?? skipToken);
  // The funnel chosen in the form, before it is shown: its versions are the ones offered.
  const [funnelInForm, setFunnelInForm] = useState<string | null>(null);

  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    if (value('from') && value('to') && value('from') > value('to')) {
      setErrors([
        { fieldId: 'dropoff-to', message: 'Started to must be the same as or after started from' },
      ]);
      return;
    }
    setErrors([]);
    setFunnelInForm(null);
    setParams(searchParamsOfForm(event.currentTarget, ['funnel', 'version', 'from', 'to']));
  };

  if (error) {
    return <StaffLoadProblem error={error} />;
  }
  const shown = request ? funnelRegistry().getFunnel(request.funnelId) : undefined;
  const chosen = funnelRegistry().getFunnel(funnelInForm ?? request?.funnelId ?? '');
  return (
    <div className="staff">
      <StaffNav current="funnels" />
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>Funnel drop-off</h1>
      <p>
        How far claimants get in a funnel, where unfinished claims stop, and how long each page
        takes, counted from the claims themselves.
      </p>
      <form
        className="staff-filters"
        onSubmit={show}
        noValidate
        aria-label="Choose a funnel"
        // What the address bar says when it changes (Back, a shared link).
        key={params.toString()}
      >
        <SelectField
          id="dropoff-funnel"
          name="funnel"
          label="Funnel"
          defaultValue={request?.funnelId}
          onChange={(event) => setFunnelInForm(event.target.value)}
        >
          <FunnelOptions />
        </SelectField>
        <SelectField
          id="dropoff-version"
          name="version"
          label="Version"
          // A funnel chosen in the form offers its own versions, its current one first.
          key={chosen?.funnelId}
          defaultValue={funnelInForm ? chosen?.version : request?.funnelVersion}
        >
          {Array.from({ length: chosen?.version ?? 1 }, (_, i) => (chosen?.version ?? 1) - i).map(
            (version) => (
              <option key={version} value={version}>
                {version === chosen?.version ? `${version} (current)` : version}
              </option>
            ),
          )}
        </SelectField>
        <TextField
          id="dropoff-from"
          name="from"
          type="date"
          label="Started from"
          defaultValue={params.get('from') ?? ''}
        />
        <TextField
          id="dropoff-to"
          name="to"
          type="date"
          label="Started to"
          defaultValue={params.get('to') ?? ''}
          error={errors.find((item) => item.fieldId === 'dropoff-to')?.message}
        />
        <div className="button-group">
          <button type="submit" className="button">
            Show drop-off
          </button>
        </div>
      </form>
      {!request ? (
        <p>This site has no funnels yet.</p>
      ) : !data ? (
        <p aria-live="polite">Counting claims…</p>
      ) : (
        <DropOffReport report={data} title={shown?.title ?? data.funnelId} busy={isFetching} />
      )}
    </div>
  );
}

function DropOffReport({
  report,
  title,
  busy,
}: {
  report: GatewayResponse<'staffFunnelDropOff'>;
  title: string;
  busy: boolean;
}) {
  const { started } = report;
  return (
    <section aria-labelledby="dropoff-heading" aria-busy={busy}>
      <h2 id="dropoff-heading">
        {title}, version {report.funnelVersion}
      </h2>
      <dl className="summary-list" data-testid="dropoff-summary">
        <div className="summary-list__row">
          <dt>Claims started</dt>
          <dd>{started}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Sent</dt>
          <dd>{report.sent}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Completion rate</dt>
          <dd>
            {report.completionRate === null
              ? 'No claims yet'
              : PERCENT.format(report.completionRate)}
          </dd>
        </div>
      </dl>
      {report.funnelVersion !== report.currentVersion && (
        <p className="staff-muted">
          Pages are listed as version {report.currentVersion} (the current one) has them; a page
          only older versions had is listed after them, by its id.
        </p>
      )}
      <figure className="dropoff">
        <figcaption>
          <p>Claims that reached each page, of {started} started.</p>
          <ul className="staff-muted">
            <li>
              Stopped here: unfinished claims whose claimant is on that page, and their share of
              those who reached it.
            </li>
            <li>
              Median time: from the page before being saved to this one being saved (or sent), and
              how many claims it is over. The first page is not timed: a claim starts when it is
              saved.
            </li>
          </ul>
        </figcaption>
        <TableScroll label="Claims that reached each page">
          <table className="staff-table" data-testid="dropoff-table">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Reached</th>
                <th scope="col">Stopped here</th>
                <th scope="col">Median time</th>
              </tr>
            </thead>
            <tbody>
              {report.pages.map((page) => (
                <DropOffRow key={page.pageId} page={page} started={started} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      </figure>
    </section>
  );
}

function DropOffRow({ page, started }: { page: PageDropOff; started: number }) {
  const width = started === 0 ? 0 : (page.reached / started) * 100;
  return (
    <tr>
      <th scope="row">
        {page.title}
        {!page.inFunnel && <div className="staff-muted">Not in the current version</div>}
      </th>
      <td className="dropoff__reached">
        {/* The bar repeats the number beside it: drawn as SVG geometry, not a style. */}
        <svg
          className="dropoff__bar"
          viewBox="0 0 100 8"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <rect width="100" height="8" className="dropoff__track" />
          <rect width={width} height="8" className="dropoff__fill" />
        </svg>
        {page.reached}
        {started > 0 && <span className="staff-muted"> ({share(page.reached, started)})</span>}
      </td>
      <td>
        {page.stoppedHere}
        {page.reached > 0 && page.stoppedHere > 0 && (
          <span className="staff-muted"> ({share(page.stoppedHere, page.reached)})</span>
        )}
      </td>
      <td>
        {page.medianSeconds === null ? (
          <span className="staff-muted">Not timed</span>
        ) : (
          <>
            {durationText(page.medianSeconds)}
            <span className="staff-muted"> (of {page.timedClaims})</span>
          </>
        )}
      </td>
    </tr>
  );
}
