import { formatProblem } from '../../runtime/funnel';
import { brokenFunnelProblems } from '../infra/funnelRegistry';
import { logs } from '../infra/logs';
import { isRecord } from '../services/responseShape';
import { failedPrecondition } from './errors';

/**
 * Refuses a call about a funnel that is left out because its files are broken (only under
 * `npm start`: a deployed gateway has none), with the checker's lines, so whoever is fixing
 * it sees why. Calls about every other funnel go on as usual.
 */
export function requireWorkingFunnel(functionName: string, data: unknown): void {
  const funnelId = isRecord(data) ? data.funnelId : undefined;
  if (typeof funnelId !== 'string') return;
  const problems = brokenFunnelProblems(funnelId);
  if (problems.length === 0) return;
  const lines = problems.map(formatProblem);
  logs.brokenFunnelCall(functionName, funnelId);
  throw failedPrecondition(
    `Funnel "${funnelId}" has problems and is left out until they are fixed:\n${lines.join('\n')}`,
    { funnelId, problems: lines },
  );
}
