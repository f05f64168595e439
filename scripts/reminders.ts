/**
 * Sends the day's "your claim is not finished yet" emails now, as the scheduled function
 * `draftReminders` does daily on a real project (the emulators have no scheduler):
 *
 *   npm run reminders [-- --after-days <n>]
 *   npm run reminders -- --backfill   (once: drafts saved before reminders existed become due)
 *
 * Against the emulators of `npm start` by default (the emails land in /staff/outbox); a real
 * project with the variables of resume-link and the gateway's QUOTA_ADDRESS_SECRET (its
 * project id when the gateway has none set). Links point at SITE_URL (the local app by default).
 *
 * Its emails count on the gateway's own per-recipient counter, keyed as the gateway keys it:
 * a key of its own would let one address be sent the limit from each. So on a real project it
 * refuses to run without QUOTA_ADDRESS_SECRET, which it cannot read from the deployment.
 */
import { getFirestore } from 'firebase-admin/firestore';
import { resolve } from 'node:path';
import { sendDraftReminders } from '../src/gateway/reminders/draftReminders';
import { markUnflaggedDrafts } from '../src/gateway/repositories/draftReminderRepository';
import { readGatewayConfig } from '../src/gateway/infra/config';
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../src/runtime/constants';
import type { Funnel } from '../src/runtime/funnel';
import { adminApp, usesRealProject } from './lib/adminApp';
import { readRegistryFiles, registryRoot } from './lib/registryFiles';

const secret = process.env.QUOTA_ADDRESS_SECRET?.trim();
if (usesRealProject && !secret) {
  console.error(
    'npm run reminders on a real project needs QUOTA_ADDRESS_SECRET: the gateway’s own (its project id if it sets none), so these emails count on the same per-recipient limit.',
  );
  process.exit(2);
}
// Under the emulators the gateway runs as the demo project, whose id keys its counter when
// no secret is set; its own reading of the setting says which.
const addressSecret = usesRealProject
  ? secret!
  : readGatewayConfig({ ...process.env, GCLOUD_PROJECT: DEMO_PROJECT_ID }).addressSecret;

const args = process.argv.slice(2);
const USAGE = 'usage: npm run reminders [-- --after-days <n>] | [-- --backfill]';
if (args.length === 1 && args[0] === '--backfill') {
  const marked = await markUnflaggedDrafts(getFirestore(adminApp()));
  console.log(`Marked ${marked} draft(s) saved before reminders existed as due for one.`);
  process.exit(0);
}
const afterIndex = args.indexOf('--after-days');
const afterDays = afterIndex >= 0 ? Number(args[afterIndex + 1]) : 3;
if (
  !Number.isFinite(afterDays) ||
  afterDays < 0 ||
  (args.length > 0 && (afterIndex !== 0 || args.length !== 2))
) {
  console.error(USAGE);
  process.exit(2);
}
// funnels:check has passed on these files (npm test, the build); only titles and pages are read.
const { funnels } = readRegistryFiles(registryRoot(resolve(import.meta.dirname, '..')));
const byId = new Map(
  Object.values(funnels).map((funnel) => [(funnel as Funnel).funnelId, funnel as Funnel]),
);
const outcome = await sendDraftReminders({
  db: getFirestore(adminApp()),
  now: Date.now(),
  siteUrl: (process.env.SITE_URL ?? `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`).replace(
    /\/+$/,
    '',
  ),
  getFunnel: (funnelId) => byId.get(funnelId),
  addressSecret,
  afterDays,
});
console.log(
  `Reminded ${outcome.reminded.length} draft(s); left ${outcome.skipped.length} (no email address, or changed since).`,
);
