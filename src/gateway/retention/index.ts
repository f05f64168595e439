import { logger } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { site } from '../../content/site';
import { FUNCTIONS_REGION } from '../../runtime/constants';
import { adminAuth, firestore } from '../infra/firebaseAdmin';
import { runRetention } from './retentionJob';

/**
 * UK GDPR storage limitation, nightly: the periods come from src/content/site.json, the
 * same file the privacy notice quotes them from. Not run under the local emulators (they
 * have no scheduler); tests call runRetention at a fixed clock.
 */
export const retention = onSchedule(
  { schedule: 'every day 03:00', timeZone: 'Europe/London', region: FUNCTIONS_REGION },
  async () => {
    const outcome = await runRetention({
      db: firestore(),
      auth: adminAuth(),
      now: Date.now(),
      policy: site.retention,
    });
    logger.info('retention run', {
      draftsDeleted: outcome.deleteDrafts.length,
      claimsAnonymised: outcome.anonymiseClaims.length,
      usersDeleted: outcome.deleteUsers.length,
      evidenceFilesDeleted: outcome.evidenceFilesDeleted,
    });
    if (outcome.malformedClaims.length > 0) {
      // Left untouched, with their owners' sessions, run after run until put right.
      logger.error('retention left claims that do not fit their schema', {
        claims: outcome.malformedClaims,
      });
    }
  },
);
