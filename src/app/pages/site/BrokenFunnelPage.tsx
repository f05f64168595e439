import { formatProblem, type Problem } from '../../../runtime/funnel';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { funnelStudioPath } from '../examples/studio/studioPaths';

/**
 * What a funnel's pages show in development while its files have problems: each one as
 * funnels:check prints it (`file: pointer: message`), so the product owner sees what to fix
 * where they are looking. Other funnels keep working; a production build refuses to build.
 */
export function BrokenFunnelPage({
  funnelId,
  problems,
}: {
  funnelId: string;
  problems: readonly Problem[];
}) {
  usePageTitle(`Funnel "${funnelId}" has problems`);
  return (
    <div className="narrow" data-testid="broken-funnel">
      <h1>Funnel &ldquo;{funnelId}&rdquo; has problems</h1>
      <p>
        This funnel is left out until these are fixed. Save the file and this page reloads.{' '}
        <code>npm run funnels:check</code> prints the same list. Or fix it in{' '}
        <Link to={funnelStudioPath(funnelId)}>the funnel studio</Link>, where each problem is marked
        at its line.
      </p>
      <ul className="problem-list">
        {problems.map((problem) => {
          const line = formatProblem(problem);
          return (
            <li key={line}>
              <code>{line}</code>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
