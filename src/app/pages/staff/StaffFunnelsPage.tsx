import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageDropOff } from '../../../runtime/claim';
import type { GatewayRequest, GatewayResponse } from '../../../runtime/contract';
import { staffApi } from '../../../store/staffApi';
import type { Funnel } from '../../../runtime/funnel';
import { funnelRegistry } from '../../funnelRegistry';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { usePageTitle } from '../../usePageTitle';
import { durationText } from './durationText';
import { FunnelOptions, searchParamsOfForm, StaffLoadProblem, StaffNav } from './StaffAccess';
import { staffText } from './staffText';
import { TableScroll } from './TableScroll';
import './staff.css';
import { numberFormat } from '../../locale/localeFormats';

const PERCENT = numberFormat({ style: 'percent', maximumFractionDigits: 0 });

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

/** Whether the form's "from" date comes after its "to" date (both given). */
function datesOutOfOrder(element: HTMLFormElement): boolean {
  const form = new FormData(element);
  const value = (name: string) => String(form.get(name) ?? '').trim();
  return Boolean(value('from') && value('to') && value('from') > value('to'));
}

/**
 * Funnel drop-off for product owners: for one funnel version, how many claims reached each
 * page, where unfinished ones stop, the median time per page and how many were sent,
 * counted by the gateway from the claims themselves.
 */
export function StaffFunnelsPage() {
  usePageTitle(staffText('funnels.pageTitle'));
  const [params, setParams] = useSearchParams();
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const request = requestOf(params);
  const { data, error, isFetching } = staffApi.useStaffFunnelDropOffQuery(request ?? skipToken);
  // The funnel chosen in the form, before it is shown: its versions are the ones offered.
  const [funnelInForm, setFunnelInForm] = useState<string | null>(null);

  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (datesOutOfOrder(event.currentTarget)) {
      setErrors([{ fieldId: 'dropoff-to', message: staffText('funnels.dateOrder') }]);
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
      <h1>{staffText('funnels.heading')}</h1>
      <p>{staffText('funnels.intro')}</p>
      <form
        className="staff-filters"
        onSubmit={show}
        noValidate
        aria-label={staffText('funnels.formLabel')}
        // What the address bar says when it changes (Back, a shared link).
        key={params.toString()}
      >
        <SelectField
          id="dropoff-funnel"
          name="funnel"
          label={staffText('funnels.funnelLabel')}
          defaultValue={request?.funnelId}
          onChange={(event) => setFunnelInForm(event.target.value)}
        >
          <FunnelOptions />
        </SelectField>
        <VersionField
          // A funnel chosen in the form offers its own versions, its current one first.
          key={chosen?.funnelId}
          funnel={chosen}
          defaultValue={funnelInForm ? chosen?.version : request?.funnelVersion}
        />
        <TextField
          id="dropoff-from"
          name="from"
          type="date"
          label={staffText('funnels.startedFrom')}
          defaultValue={params.get('from') ?? ''}
        />
        <TextField
          id="dropoff-to"
          name="to"
          type="date"
          label={staffText('funnels.startedTo')}
          defaultValue={params.get('to') ?? ''}
          error={errors.find((item) => item.fieldId === 'dropoff-to')?.message}
        />
        <div className="button-group">
          <button type="submit" className="button">
            {staffText('funnels.show')}
          </button>
        </div>
      </form>
      {!request ? (
        <p>{staffText('funnels.noFunnels')}</p>
      ) : !data ? (
        <p aria-live="polite">{staffText('funnels.counting')}</p>
      ) : (
        <DropOffReport report={data} title={shown?.title ?? data.funnelId} busy={isFetching} />
      )}
    </div>
  );
}

/** The versions of the funnel chosen in the form, its current one first and named so. */
function VersionField({
  funnel,
  defaultValue,
}: {
  funnel: Funnel | undefined;
  defaultValue: number | undefined;
}) {
  const current = funnel?.version ?? 1;
  return (
    <SelectField
      id="dropoff-version"
      name="version"
      label={staffText('funnels.versionLabel')}
      defaultValue={defaultValue}
    >
      {Array.from({ length: current }, (_, i) => current - i).map((version) => (
        <option key={version} value={version}>
          {version === funnel?.version ? staffText('funnels.versionCurrent', { version }) : version}
        </option>
      ))}
    </SelectField>
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
        {staffText('report.heading', { title, version: report.funnelVersion })}
      </h2>
      <dl className="summary-list" data-testid="dropoff-summary">
        <div className="summary-list__row">
          <dt>{staffText('report.started')}</dt>
          <dd>{started}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{staffText('report.sent')}</dt>
          <dd>{report.sent}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{staffText('report.completionRate')}</dt>
          <dd>
            {report.completionRate === null
              ? staffText('report.noClaims')
              : PERCENT.format(report.completionRate)}
          </dd>
        </div>
      </dl>
      {report.funnelVersion !== report.currentVersion && (
        <p className="staff-muted">
          {staffText('report.olderVersion', { current: report.currentVersion })}
        </p>
      )}
      <figure className="dropoff">
        <figcaption>
          <p>{staffText('report.caption', { started })}</p>
          <ul className="staff-muted">
            <li>{staffText('report.stoppedHelp')}</li>
            <li>{staffText('report.medianHelp')}</li>
          </ul>
        </figcaption>
        <TableScroll label={staffText('report.tableLabel')}>
          <table className="staff-table" data-testid="dropoff-table">
            <thead>
              <tr>
                <th scope="col">{staffText('report.columnPage')}</th>
                <th scope="col">{staffText('report.columnReached')}</th>
                <th scope="col">{staffText('report.columnStopped')}</th>
                <th scope="col">{staffText('report.columnMedian')}</th>
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
        {!page.inFunnel && <div className="staff-muted">{staffText('report.notInCurrent')}</div>}
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
          <span className="staff-muted">{staffText('report.notTimed')}</span>
        ) : (
          <>
            {durationText(page.medianSeconds)}
            <span className="staff-muted">
              {' '}
              {staffText('report.ofTimed', { count: page.timedClaims })}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}
