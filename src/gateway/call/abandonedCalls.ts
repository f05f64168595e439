/**
 * A call its caller has given up on. The browser's callable client waits GATEWAY_CALL_TIMEOUT_MS
 * for an answer and then retries (the outbox) or reports a failure; an answer after that reaches
 * nobody. The Functions emulator queues calls while its few workers are busy and runs each one
 * when its turn comes, however late: under hundreds of claimants at once it spent its time on
 * calls nobody was waiting for while the retries of those calls queued behind them. So, under
 * the emulator, a call whose envelope says it was sent longer ago than the caller waits is
 * refused before any work (no quota, no Auth read, no Firestore).
 *
 * Only under the emulator: there caller and gateway share one clock. A real browser's clock may
 * be minutes out, and in production calls are not queued behind a handful of workers.
 */
import { GATEWAY_CALL_TIMEOUT_MS } from '../../runtime/constants';
import { HttpsError } from 'firebase-functions/v2/https';
import { invalidArgument } from './errors';
import { gatewayText } from '../gatewayText';

/**
 * Throws `deadline-exceeded` for a call its caller stopped waiting for (see above); an envelope
 * `sentAt` that is not a time is refused, naming it.
 */
export function refuseAbandonedCall(sentAt: unknown, isEmulator: boolean, now = Date.now()): void {
  if (sentAt === undefined) return;
  if (typeof sentAt !== 'number' || !Number.isFinite(sentAt) || sentAt < 0) {
    throw invalidArgument('sentAt is not a time', [
      { field: 'sentAt', message: 'must be a time in milliseconds since 1970' },
    ]);
  }
  if (isEmulator && now - sentAt > GATEWAY_CALL_TIMEOUT_MS) {
    throw new HttpsError('deadline-exceeded', gatewayText('call.abandoned'));
  }
}
