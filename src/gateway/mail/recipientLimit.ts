/**
 * The limit on emails to one address, from every cause a stranger can set off together: the
 * links anyone can ask for, a claim received or withdrawn (any session may name any address
 * in its claim), and the reminder of a draft left. Staff's own emails (a stage changed) are
 * not counted: nobody outside can cause them, and a real claimant must not lose one.
 */
import { createHmac } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { recipientCounter, type QuotaCounter } from '../call/quotas';
import { quotaAllowanceIn, type QuotaAllowance } from '../repositories/rateLimitRepository';

/**
 * The address as the limit counts it: case folded, and a `+tag` dropped from its local part,
 * since `x+1@example.com` reaches the same inbox as `x@example.com`.
 */
function recipientKey(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const local = folded.slice(0, at).split('+')[0];
  return `${local}@${folded.slice(at + 1)}`;
}

/** The counter of emails to `email`; the address is stored only as a keyed digest. */
export function mailRecipientCounter(email: string, addressSecret: string): QuotaCounter {
  const digest = createHmac('sha256', addressSecret)
    .update(`mail:${recipientKey(email)}`)
    .digest('base64url')
    .slice(0, 22);
  return recipientCounter(digest);
}

/**
 * Whether one more email may go to `email`, read in the transaction that would queue it
 * (before its writes); `count()` then counts it in the same transaction.
 */
export function recipientAllowanceIn(
  tx: Transaction,
  email: string,
  addressSecret: string,
  now = Date.now(),
  db?: Firestore,
): Promise<QuotaAllowance> {
  return quotaAllowanceIn(tx, mailRecipientCounter(email, addressSecret), now, db);
}
