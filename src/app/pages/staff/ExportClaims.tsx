import { useState } from 'react';
import { CLAIMS_CSV_HEADER, csvLine } from '../../../runtime/claim';
import type { GatewayRequest } from '../../../runtime/contract';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { useStaffExportClaimsMutation } from '../../../store/staffApi';
import { saveFile } from '../../ui/saveFile';

type Filters = Omit<GatewayRequest<'staffExportClaims'>, 'cursor'>;

/**
 * Downloads every claim the filters match as CSV, however many: the gateway sends it a chunk
 * at a time and the file is put together here, with progress said as it goes.
 */
export function ExportClaims({ filters }: { filters: Filters }) {
  const [exportChunk] = useStaffExportClaimsMutation();
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const parts = [csvLine(CLAIMS_CSV_HEADER)];
    let rows = 0;
    let cursor: string | undefined;
    try {
      do {
        const chunk = await exportChunk(cursor ? { ...filters, cursor } : filters).unwrap();
        parts.push(chunk.csv);
        rows += chunk.rows;
        cursor = chunk.nextCursor ?? undefined;
        setProgress(`Exported ${rows} claims${cursor ? '…' : '.'}`);
      } while (cursor);
      saveFile(`claims-${new Date().toISOString().slice(0, 10)}.csv`, parts.join(''), 'text/csv');
    } catch (error) {
      setProgress(
        `The export stopped after ${rows} claims: ${isGatewayQueryError(error) ? error.message : 'try again'}.`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="button-group">
      <button type="button" className="button button--secondary" onClick={run} disabled={busy}>
        Download these claims (CSV)
      </button>
      <p role="status" aria-live="polite" data-testid="export-status">
        {progress}
      </p>
    </div>
  );
}
