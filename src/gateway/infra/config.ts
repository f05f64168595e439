import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  EVIDENCE_DOWNLOAD_FUNCTION_NAME,
  FUNCTIONS_REGION,
} from '../../runtime/constants';
import { gatewayRequestSchemas } from '../../runtime/contract';
import type { AppCheckPolicy } from '../call/appCheck';
import { readQuotaPolicy, type QuotaPolicy } from '../call/quotas';
/**
 * The only reader of process.env in the gateway. Everything configurable is read once here,
 * so a reader can see every setting the function depends on in one place.
 */
export interface GatewayConfig {
  /** True under the Functions emulator: nothing leaves the machine. */
  isEmulator: boolean;
  /** Calls allowed per user, client address and project, per function (see quotas.ts). */
  quotas: QuotaPolicy;
  /** Proxies of ours in front of Google's front end (0 when there are none); see clientAddress. */
  trustedProxyHops: number;
  /** The key of the digest quota counters store instead of a client's IP address. */
  addressSecret: string;
  /** Firebase App Check enforcement (APP_CHECK_ENFORCE, APP_CHECK_APP_IDS); see appCheck.ts. */
  appCheck: AppCheckPolicy;
  /** The site's address, for links in emails (SITE_URL; the local app under the emulators). */
  siteUrl: string;
  /**
   * Where a short-lived evidence link points: the `evidenceDownload` function
   * (EVIDENCE_DOWNLOAD_URL; the Functions emulator's address locally, else the function's
   * cloudfunctions.net address in the gateway's region).
   */
  evidenceDownloadUrl: string;
  /** The raw environment handed to outside-service configuration (keys are never logged). */
  serviceEnv: Record<string, string | undefined>;
}

function readCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a whole number of 0 or more, not ${JSON.stringify(value)}`);
  }
  return parsed;
}

function readAppCheckPolicy(env: Record<string, string | undefined>): AppCheckPolicy {
  const enforce = env.APP_CHECK_ENFORCE ?? 'false';
  if (enforce !== 'true' && enforce !== 'false') {
    throw new Error(`APP_CHECK_ENFORCE must be true or false, not ${JSON.stringify(enforce)}`);
  }
  if (enforce === 'true' && env.FUNCTIONS_EMULATOR === 'true') {
    throw new Error('APP_CHECK_ENFORCE cannot be on under the emulators: App Check needs Google');
  }
  const appIds = (env.APP_CHECK_APP_IDS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return { enforce: enforce === 'true', appIds };
}

/** SITE_URL, else the local app under the emulators, else the project's Hosting address. */
function readSiteUrl(env: Record<string, string | undefined>): string {
  const written = env.SITE_URL?.trim();
  if (written) {
    if (!/^https?:\/\/[^/\s]+/.test(written)) {
      throw new Error(`SITE_URL must be an http(s) address, not ${JSON.stringify(written)}`);
    }
    return written.replace(/\/+$/, '');
  }
  if (env.FUNCTIONS_EMULATOR === 'true') return `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`;
  return `https://${env.GCLOUD_PROJECT ?? 'vehicle-claims'}.web.app`;
}

function readEvidenceDownloadUrl(env: Record<string, string | undefined>): string {
  const written = env.EVIDENCE_DOWNLOAD_URL?.trim();
  if (written) {
    if (!/^https?:\/\/[^/\s]+/.test(written)) {
      throw new Error(
        `EVIDENCE_DOWNLOAD_URL must be an http(s) address, not ${JSON.stringify(written)}`,
      );
    }
    return written.replace(/\/+$/, '');
  }
  const project = env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID;
  if (env.FUNCTIONS_EMULATOR === 'true') {
    return `http://${EMULATOR_HOST}:${EMULATOR_PORTS.functions}/${project}/${FUNCTIONS_REGION}/${EVIDENCE_DOWNLOAD_FUNCTION_NAME}`;
  }
  return `https://${FUNCTIONS_REGION}-${project}.cloudfunctions.net/${EVIDENCE_DOWNLOAD_FUNCTION_NAME}`;
}

export function readGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  return {
    isEmulator: env.FUNCTIONS_EMULATOR === 'true',
    siteUrl: readSiteUrl(env),
    evidenceDownloadUrl: readEvidenceDownloadUrl(env),
    quotas: readQuotaPolicy(env.GATEWAY_QUOTAS, Object.keys(gatewayRequestSchemas)),
    trustedProxyHops: readCount('GATEWAY_TRUSTED_PROXY_HOPS', env.GATEWAY_TRUSTED_PROXY_HOPS, 0),
    // Without a secret of its own the project id keys the digest: still not the address.
    addressSecret: env.QUOTA_ADDRESS_SECRET || env.GCLOUD_PROJECT || 'vehicle-claims',
    appCheck: readAppCheckPolicy(env),
    serviceEnv: env,
  };
}
