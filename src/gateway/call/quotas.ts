import {
  gatewayFunctionNames,
  gatewayFunctions,
  type GatewayFunctionName,
  type QuotaClass,
} from '../../runtime/contract';
import { gatewayText, type GatewayTextKey } from '../gatewayText';

/** At most `maxCalls` in a fixed window of `windowMs`. */
export interface QuotaRule {
  maxCalls: number;
  windowMs: number;
}

/**
 * Who a quota counts against. `user` is the caller's session or account, counted with that
 * person's own data (their `users` document); `project` every caller together (for the calls
 * that cost money or answer questions about other people); `address` the client's IP
 * address, which no default uses: a mobile network (carrier-grade NAT), an office or a
 * library puts hundreds of honest claimants behind one. What stops one address is what each
 * session costs: Firebase Auth creates a limited number of accounts an hour per address, App
 * Check admits only the real app, and every session has its own small allowance of emails,
 * paid lookups and account questions. `project` and `address` counters are shared by many
 * callers, so they are sharded (rateLimitRepository) and never written in a claim's
 * transaction.
 */
export type QuotaScope = 'user' | 'address' | 'project';

export type FunctionQuota = Partial<Record<QuotaScope, QuotaRule>>;

export type QuotaPolicy = Partial<Record<GatewayFunctionName, FunctionQuota>>;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Enough for a claimant's whole funnel many times over; far from a script's thousands. */
const WRITES: FunctionQuota = {
  user: { maxCalls: 300, windowMs: HOUR },
};
/**
 * Each lookup may cost money at the DVLA or the address provider: a few per session, and a
 * daily budget for the whole service (raise it before a campaign: docs/operator.md).
 */
const PAID_LOOKUPS: FunctionQuota = {
  user: { maxCalls: 30, windowMs: HOUR },
  project: { maxCalls: 5000, windowMs: DAY },
};
/**
 * Emails sent to an address someone typed: a few retries per session; every session together
 * sends an inbox at most MAIL_PER_RECIPIENT, so new sessions never make a mail bomb.
 */
const EMAILS: FunctionQuota = {
  user: { maxCalls: 5, windowMs: HOUR },
};

/**
 * The limits of each quota class. Reads of the caller's own data are not limited (they cost
 * one document read and say nothing about anyone else); everything that writes, costs money,
 * sends an email or answers about other accounts is.
 */
export const QUOTA_CLASSES: Record<QuotaClass, FunctionQuota> = {
  none: {},
  writes: WRITES,
  'paid-lookup': PAID_LOOKUPS,
  email: EMAILS,
  // Answers "does an account have this email and phone", so a new anonymous session per
  // question must not help: the project's limit holds across sessions, sized for a campaign's
  // registrations (a few thousand an hour), far below what guessing at scale needs.
  'account-question': {
    user: { maxCalls: 10, windowMs: HOUR },
    project: { maxCalls: 5000, windowMs: HOUR },
  },
  'contact-details': {
    user: { maxCalls: 10, windowMs: HOUR },
  },
  // Builds a PDF or gathers every document: CPU and reads, not writes, but not free either.
  pdf: { user: { maxCalls: 60, windowMs: HOUR } },
  export: { user: { maxCalls: 20, windowMs: HOUR } },
  // Files started: the bytes they may carry are limited by the evidence handlers too.
  uploads: {
    user: { maxCalls: 60, windowMs: HOUR },
  },
  // A link to a stored file: each streams up to a file's bytes out of Cloud Storage.
  downloads: { user: { maxCalls: 300, windowMs: HOUR } },
};

/** The default limits per gateway function: its contract entry's quota class. */
export const DEFAULT_QUOTAS: QuotaPolicy = Object.fromEntries(
  gatewayFunctionNames
    .filter((name) => gatewayFunctions[name].quota !== 'none')
    .map((name) => [name, QUOTA_CLASSES[gatewayFunctions[name].quota]]),
);

const SCOPES: readonly QuotaScope[] = ['user', 'address', 'project'];

function isQuotaRule(value: unknown): value is QuotaRule {
  if (typeof value !== 'object' || value === null) return false;
  // TypeScript will not index a bare `object` by a string; a JSON object's keys are strings.
  const { maxCalls, windowMs } = value as Record<string, unknown>;
  return (
    typeof maxCalls === 'number' &&
    Number.isInteger(maxCalls) &&
    maxCalls > 0 &&
    typeof windowMs === 'number' &&
    Number.isInteger(windowMs) &&
    windowMs >= 1000
  );
}

/**
 * The default policy with the operator's overrides (`GATEWAY_QUOTAS`, JSON such as
 * `{"lookupAddress":{"project":{"maxCalls":2000,"windowMs":86400000}}}`) laid over it. A
 * scope set to null lifts that limit. A mistake throws, naming the setting, so a deploy with
 * a typo fails at start rather than running unlimited.
 */
export function readQuotaPolicy(
  overrides: string | undefined,
  functionNames: readonly string[],
): QuotaPolicy {
  if (!overrides) return DEFAULT_QUOTAS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(overrides);
  } catch {
    throw new Error('GATEWAY_QUOTAS is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('GATEWAY_QUOTAS must be an object of function names');
  }
  const policy: Record<string, FunctionQuota> = { ...DEFAULT_QUOTAS };
  for (const [name, scopes] of Object.entries(parsed)) {
    if (!functionNames.includes(name)) {
      throw new Error(`GATEWAY_QUOTAS.${name}: no gateway function has that name`);
    }
    if (typeof scopes !== 'object' || scopes === null || Array.isArray(scopes)) {
      throw new Error(`GATEWAY_QUOTAS.${name} must be an object of scopes`);
    }
    const quota: FunctionQuota = { ...policy[name] };
    // Object.entries of a bare `object` gives `any` values; configured scopes are unknown until checked.
    for (const [scope, rule] of Object.entries(scopes as Record<string, unknown>)) {
      // includes() wants a QuotaScope; the string is only tested for membership here.
      if (!SCOPES.includes(scope as QuotaScope)) {
        throw new Error(`GATEWAY_QUOTAS.${name}.${scope}: the scopes are ${SCOPES.join(', ')}`);
      }
      if (rule === null) {
        // The check just above refused every scope not in SCOPES.
        delete quota[scope as QuotaScope];
      } else if (isQuotaRule(rule)) {
        // The check above refused every scope not in SCOPES.
        quota[scope as QuotaScope] = rule;
      } else {
        throw new Error(
          `GATEWAY_QUOTAS.${name}.${scope} must be {maxCalls, windowMs} (whole numbers, windowMs ≥ 1000) or null`,
        );
      }
    }
    policy[name] = quota;
  }
  // Built from the defaults with every function name, then only overridden by checked rules.
  return policy as QuotaPolicy;
}

/**
 * Emails to one address, from every caller together: a link request names any address, so
 * without this N sessions could send N times the per-user limit to one inbox.
 */
export const MAIL_PER_RECIPIENT: QuotaRule = { maxCalls: 5, windowMs: HOUR };

/** One counter a call is checked against. */
export interface QuotaCounter {
  /** `recipient`: an email address, counted across callers (MAIL_PER_RECIPIENT). */
  scope: QuotaScope | 'recipient';
  /**
   * A `user` counter's name among its person's counters; any other's `rateLimits` document
   * id (for a shared counter, the stem of its shards' ids).
   */
  key: string;
  rule: QuotaRule;
}

/**
 * Whether many callers count on the counter together. Such a counter would be a hot document
 * (Firestore sustains about one write a second on one), so it is sharded and counted outside
 * any transaction; a person's own counters and an inbox's are written at a person's pace.
 */
export function isSharedCounter(counter: QuotaCounter): boolean {
  return counter.scope === 'address' || counter.scope === 'project';
}

/**
 * The counters a call of `functionName` consumes. The address is stored only as a keyed
 * digest (see clientAddress), never as the IP itself.
 */
export function quotaCountersFor(
  policy: QuotaPolicy,
  functionName: GatewayFunctionName,
  caller: { addressDigest: string | null },
): QuotaCounter[] {
  const quota = policy[functionName] ?? {};
  const counters: QuotaCounter[] = [];
  if (quota.user) {
    counters.push({ scope: 'user', key: functionName, rule: quota.user });
  }
  if (quota.address && caller.addressDigest) {
    counters.push({
      scope: 'address',
      key: `${functionName}_address_${caller.addressDigest}`,
      rule: quota.address,
    });
  }
  if (quota.project) {
    counters.push({ scope: 'project', key: `${functionName}_project`, rule: quota.project });
  }
  return counters;
}

/** The counter of emails to one address; the address is stored only as a keyed digest. */
export function recipientCounter(recipientDigest: string): QuotaCounter {
  return { scope: 'recipient', key: `mail_recipient_${recipientDigest}`, rule: MAIL_PER_RECIPIENT };
}

export const RECIPIENT_EXHAUSTED_MESSAGE = gatewayText('quota.recipient');

const EXHAUSTED_MESSAGES: Partial<Record<QuotaClass, GatewayTextKey>> = {
  'account-question': 'quota.accountQuestion',
  email: 'quota.email',
  'paid-lookup': 'quota.paidLookup',
};

/** What the caller is told when a quota of the function is used up. */
export function quotaExhaustedMessage(functionName: GatewayFunctionName): string {
  return gatewayText(EXHAUSTED_MESSAGES[gatewayFunctions[functionName].quota] ?? 'quota.other');
}
