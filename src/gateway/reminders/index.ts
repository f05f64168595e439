import { logger } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '../../runtime/constants';
import { readGatewayConfig } from '../infra/config';
import { firestore } from '../infra/firebaseAdmin';
import { funnelRegistry } from '../infra/funnelRegistry';
import { sendDraftReminders } from './draftReminders';

/**
 * Daily, mid-morning UK time: one "not finished yet" email per draft untouched for 3 days.
 * The emulators have no scheduler: `npm run reminders` runs the same body locally.
 */
export const draftReminders = onSchedule(
  { schedule: 'every day 10:00', timeZone: 'Europe/London', region: FUNCTIONS_REGION },
  async () => {
    const outcome = await sendDraftReminders({
      db: firestore(),
      now: Date.now(),
      siteUrl: readGatewayConfig().siteUrl,
      addressSecret: readGatewayConfig().addressSecret,
      getFunnel: (funnelId) => funnelRegistry().getFunnel(funnelId),
    });
    logger.info('draft reminders run', {
      reminded: outcome.reminded.length,
      skipped: outcome.skipped.length,
    });
  },
);
