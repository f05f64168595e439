import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { roleText } from '../../../runtime/claim';
import { claimStagesShown, stageShown } from '../../locale/claimStagesShown';
import type { GatewayRequest, GatewayResponse } from '../../../runtime/contract';
import { staffApi } from '../../../store/staffApi';
import { funnelRegistry } from '../../funnelRegistry';
import { paths } from '../../paths';
import { SelectField } from '../../ui/fields/SelectField';
import { TextField } from '../../ui/fields/TextField';
import { usePageTitle } from '../../usePageTitle';
import { PageButtons, useCursorPages } from './cursorPages';
import { ExportClaims } from './ExportClaims';
import { FunnelOptions, searchParamsOfForm, StaffLoadProblem, StaffNav } from './StaffAccess';
import { staffText } from './staffText';
import {
  agreeingFilters,
  filtersOfAddress,
  funnelOfStage,
  type FunnelAndStage,
} from './funnelAndStageFilters';
import { TableScroll } from './TableScroll';
import './staff.css';
import { alternativesFormat, dateTimeFormat } from '../../locale/localeFormats';
import { inSentence } from '../../../runtime/funnel';

const PAGE_SIZE = 25;
const DATE = dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' });
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
    ...stageFilterOf(params),
    ...given('from', 'submittedFrom'),
    ...given('to', 'submittedTo'),
    ...given('q', 'search'),
    order: params.get('order') === 'oldest' ? 'oldest' : 'newest',
    pageSize: PAGE_SIZE,
  };
}

/**
 * The stage filter: `<funnelId>:<stageId>`, a stage of one funnel's lifecycle (stage ids are
 * each funnel's own, so one id may name different stages in two funnels), which lists that
 * funnel's claims in it; a bare stage id (an older address) lists every funnel's claims in it.
 * A stage of another funnel than the funnel filter's is dropped.
 */
function stageFilterOf(params: URLSearchParams): { funnelId?: string; stage?: string } {
  const value = params.get('stage')?.trim();
  if (!value) return {};
  const colon = value.indexOf(':');
  if (colon === -1) return { stage: value };
  const funnelId = value.slice(0, colon);
  const chosenFunnel = params.get('funnel')?.trim();
  if (chosenFunnel && chosenFunnel !== funnelId) return {};
  return { funnelId, stage: value.slice(colon + 1) };
}

/**
 * The stage filter's choices: each funnel's stages (its own lifecycle, or the shared file's)
 * under its title, each named "stage (funnel)" so the closed list says whose stage it is; only
 * the chosen funnel's, by their names alone, when the list is of one funnel.
 */
function StageOptions({ funnelId }: { funnelId: string | undefined }) {
  const funnels = funnelId
    ? [funnelRegistry().getFunnel(funnelId)].filter((funnel) => funnel !== undefined)
    : funnelRegistry().listFunnels();
  return funnels.map((funnel) => (
    <optgroup key={funnel.funnelId} label={funnel.title}>
      {claimStagesShown(funnel.funnelId).stages.map((stage) => (
        <option key={stage.id} value={`${funnel.funnelId}:${stage.id}`}>
          {funnels.length === 1
            ? stage.staffLabel
            : staffText('claims.stageOption', { stage: stage.staffLabel, funnel: funnel.title })}
        </option>
      ))}
    </optgroup>
  ));
}

/**
 * The funnel and stage filters, in agreement as they are chosen (agreeingFilters): a stage
 * sets its funnel, another funnel drops a stage not its own, and the stages offered are the
 * chosen funnel's. Keyed by the address, so Back and "Clear filters" show its filters.
 */
function FunnelAndStageFields({ params }: { params: URLSearchParams }) {
  const [filters, setFilters] = useState(() => filtersOfAddress(params));
  const choose = (changed: keyof FunnelAndStage) => (event: ChangeEvent<HTMLSelectElement>) =>
    setFilters(agreeingFilters(changed, { ...filters, [changed]: event.target.value }));
  return (
    <>
      <SelectField
        id="filter-funnel"
        name="funnel"
        label={staffText('claims.funnelLabel')}
        value={filters.funnel}
        onChange={choose('funnel')}
      >
        <option value="">{staffText('claims.allFunnels')}</option>
        <FunnelOptions />
      </SelectField>
      <SelectField
        id="filter-stage"
        name="stage"
        label={staffText('claims.stageLabel')}
        value={filters.stage}
        onChange={choose('stage')}
      >
        <option value="">{staffText('claims.allStages')}</option>
        {/* A bare stage id (an older address) stays chosen until another is. */}
        {filters.stage && funnelOfStage(filters.stage) === undefined && (
          <option value={filters.stage}>{filters.stage}</option>
        )}
        <StageOptions funnelId={filters.funnel || undefined} />
      </SelectField>
    </>
  );
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
  usePageTitle(staffText('claims.pageTitle'));
  const [params, setParams] = useSearchParams();
  const request = requestOf(params);
  // Pages of these filters only: other filters start at page one.
  const pages = useCursorPages(params.toString());
  const { cursor } = pages;
  const { data, error, isFetching } = staffApi.useStaffListClaimsQuery(
    cursor ? { ...request, cursor } : request,
  );

  // The subject column and search say what the funnels call their subject: one funnel's label
  // when the list is of one funnel (or every funnel's label is the same), else "Subject".
  const subjectLabels = subjectLabelsOf(request.funnelId);
  const subjectHeading =
    subjectLabels.length === 1 ? subjectLabels[0]! : staffText('claims.subjectHeading');
  const subjectWords =
    subjectLabels.length > 0
      ? alternativesFormat().format(subjectLabels.map(inSentence))
      : staffText('claims.subjectWords');

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
      <h1>{staffText('claims.heading')}</h1>
      <ClaimsFilters
        params={params}
        subjectWords={subjectWords}
        onSubmit={applyFilters}
        onClear={pages.restart}
      />

      <ExportClaims filters={exportFilters} />
      {!data ? (
        <p aria-live="polite">{staffText('claims.loading')}</p>
      ) : data.claims.length === 0 ? (
        <p role="status">{staffText('claims.none')}</p>
      ) : (
        <>
          <p role="status" aria-live="polite">
            {isFetching
              ? staffText('claims.refreshing')
              : staffText(data.nextCursor ? 'claims.range' : 'claims.rangeLast', {
                  first,
                  last: first + data.claims.length - 1,
                })}
          </p>
          <ClaimsTable claims={data.claims} subjectHeading={subjectHeading} />
          <PageButtons
            label={staffText('claims.pagesLabel')}
            pages={pages}
            nextCursor={data.nextCursor}
            previousText={staffText('claims.previous')}
            nextText={staffText('claims.next')}
          />
        </>
      )}
    </div>
  );
}

/** The list's filters, shown as the address bar has them; applying them starts at page one. */
function ClaimsFilters({
  params,
  subjectWords,
  onSubmit,
  onClear,
}: {
  params: URLSearchParams;
  /** What the funnels listed call their subject, for the search's label. */
  subjectWords: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}) {
  return (
    <form
      className="staff-filters"
      onSubmit={onSubmit}
      aria-label={staffText('claims.filtersLabel')}
    >
      <TextField
        id="filter-q"
        name="q"
        type="search"
        label={staffText('claims.searchLabel', { subjects: subjectWords })}
        defaultValue={params.get('q') ?? ''}
      />
      <FunnelAndStageFields key={params.toString()} params={params} />
      <TextField
        id="filter-from"
        name="from"
        type="date"
        label={staffText('claims.sentFrom')}
        defaultValue={params.get('from') ?? ''}
      />
      <TextField
        id="filter-to"
        name="to"
        type="date"
        label={staffText('claims.sentTo')}
        defaultValue={params.get('to') ?? ''}
      />
      <SelectField
        id="filter-order"
        name="order"
        label={staffText('claims.orderLabel')}
        defaultValue={params.get('order') ?? 'newest'}
      >
        <option value="newest">{staffText('claims.newest')}</option>
        <option value="oldest">{staffText('claims.oldest')}</option>
      </SelectField>
      <div className="button-group">
        <button type="submit" className="button">
          {staffText('claims.apply')}
        </button>
        <Link to={paths.staff()} onClick={onClear}>
          {staffText('claims.clear')}
        </Link>
      </div>
    </form>
  );
}

type ClaimRow = GatewayResponse<'staffListClaims'>['claims'][number];

/** One page of claims, a row each, linking to the claim. */
function ClaimsTable({
  claims,
  subjectHeading,
}: {
  claims: readonly ClaimRow[];
  /** The subject column's heading; a row whose funnel names its subject otherwise says so. */
  subjectHeading: string;
}) {
  return (
    <TableScroll label={staffText('claims.tableLabel')}>
      <table className="staff-table">
        <caption className="visually-hidden">{staffText('claims.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{staffText('claims.columnReference')}</th>
            <th scope="col">{staffText('claims.columnClaimant')}</th>
            <th scope="col">{subjectHeading}</th>
            <th scope="col">{staffText('claims.columnFunnel')}</th>
            <th scope="col">{staffText('claims.columnStage')}</th>
            <th scope="col">{staffText('claims.columnSent')}</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((row) => (
            <ClaimsTableRow key={row.claimId} row={row} subjectHeading={subjectHeading} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A claim in the list; its subject's label shows when the column's heading is another. */
function ClaimsTableRow({ row, subjectHeading }: { row: ClaimRow; subjectHeading: string }) {
  return (
    <tr>
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
        <span className="tag">{stageShown(row.funnelId, row.stage)?.staffLabel ?? row.stage}</span>
      </td>
      <td>
        <time dateTime={row.submittedAt}>{DATE.format(new Date(row.submittedAt))}</time>
      </td>
    </tr>
  );
}
