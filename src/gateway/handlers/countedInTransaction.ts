import type { GatewayFunctionName } from '../../runtime/contract';
/**
 * The functions whose handler counts the call in the transaction that does its work
 * (`context.countedTransaction`), not in one of its own before it: a page saved is one
 * transaction. Its reads and refusals before that transaction must write nothing and cost
 * nothing anyone else pays for.
 */
export const COUNTED_IN_THEIR_TRANSACTION: ReadonlySet<GatewayFunctionName> = new Set([
  'saveAnswers',
]);
