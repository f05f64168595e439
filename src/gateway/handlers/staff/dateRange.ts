import { invalidArgument } from '../../call/errors';
import { gatewayText } from '../../gatewayText';

/** The day after an ISO date (YYYY-MM-DD), as an ISO date: the end of a range "to" that day. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Refuses a range whose "to" day comes before its "from" day, naming the "to" field. */
export function checkDateRange(
  functionName: string,
  range: { from?: string; to?: string; toField: string },
): void {
  if (range.from && range.to && range.from > range.to) {
    throw invalidArgument(gatewayText('call.invalidData', { functionName }), [
      { field: `data.${range.toField}`, message: 'must be on or after the "from" date' },
    ]);
  }
}
