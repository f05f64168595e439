import { useState } from 'react';
import type { GatewayRequest } from '../../../runtime/contract';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { staffApi } from '../../../store/staffApi';
import { funnelRegistry } from '../../funnelRegistry';
import { SelectField } from '../../ui/fields/SelectField';
import { saveFile } from '../../ui/saveFile';
import { staffText } from './staffText';

type Filters = Omit<GatewayRequest<'staffListClaims'>, 'cursor' | 'pageSize'>;

/**
 * Downloads every claim the filters match on one version of one funnel as CSV, however
 * many: a column per question of that version, so one file holds one version. The gateway
 * sends it a chunk at a time and the file is put together here, with progress said as it goes.
 */
export function ExportClaims({ filters }: { filters: Filters }) {
  const funnel = filters.funnelId ? funnelRegistry().getFunnel(filters.funnelId) : undefined;
  if (!funnel) {
    return (
      <p className="staff-muted" data-testid="export-status">
        {staffText('export.chooseFunnel')}
      </p>
    );
  }
  // Remounted for another funnel, so the version chosen starts at that funnel's current one.
  return (
    <ExportFunnelClaims
      key={funnel.funnelId}
      filters={{ ...filters, funnelId: funnel.funnelId }}
      currentVersion={funnel.version}
    />
  );
}

function ExportFunnelClaims({
  filters,
  currentVersion,
}: {
  filters: Filters & { funnelId: string };
  currentVersion: number;
}) {
  const [exportChunk] = staffApi.useStaffExportClaimsMutation();
  const [version, setVersion] = useState(currentVersion);
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const request = { ...filters, funnelVersion: version };
    const parts: string[] = [];
    let rows = 0;
    let cursor: string | undefined;
    try {
      do {
        const chunk = await exportChunk(cursor ? { ...request, cursor } : request).unwrap();
        if (parts.length === 0) parts.push(chunk.header);
        parts.push(chunk.csv);
        rows += chunk.rows;
        cursor = chunk.nextCursor ?? undefined;
        setProgress(staffText(cursor ? 'export.progress' : 'export.done', { count: rows }));
      } while (cursor);
      const day = new Date().toISOString().slice(0, 10);
      saveFile(`claims-${filters.funnelId}-v${version}-${day}.csv`, parts, 'text/csv');
    } catch (error) {
      setProgress(
        staffText('export.stopped', {
          count: rows,
          reason: isGatewayQueryError(error) ? error.message : staffText('export.tryAgain'),
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  const versions = Array.from({ length: currentVersion }, (_, index) => currentVersion - index);
  return (
    <div className="button-group">
      {versions.length > 1 && (
        <SelectField
          id="export-version"
          label={staffText('export.versionLabel')}
          value={String(version)}
          onChange={(event) => setVersion(Number(event.currentTarget.value))}
        >
          {versions.map((each) => (
            <option key={each} value={each}>
              {staffText(each === currentVersion ? 'export.versionCurrent' : 'export.version', {
                version: each,
              })}
            </option>
          ))}
        </SelectField>
      )}
      <button type="button" className="button button--secondary" onClick={run} disabled={busy}>
        {staffText('export.button')}
      </button>
      <p role="status" aria-live="polite" data-testid="export-status">
        {progress}
      </p>
    </div>
  );
}
