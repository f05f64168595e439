import { formatProblem, type Problem } from '../../../runtime/funnel';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { funnelStudioPath } from '../examples/studio/studioPaths';
import { pagesText } from './pagesText';
import { MessageSentence } from '../../ui/MessageSentence';

/** The command that prints the same problems: code, the same in every language. */
const CHECK_COMMAND = 'npm run funnels:check';

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
  usePageTitle(pagesText('brokenFunnel.title', { funnelId }));
  return (
    <div className="narrow" data-testid="broken-funnel">
      <h1>{pagesText('brokenFunnel.heading', { funnelId })}</h1>
      <p>
        <MessageSentence
          say={pagesText}
          message="brokenFunnel.body"
          slots={{
            checkCommand: <code>{CHECK_COMMAND}</code>,
            studioLink: (
              <Link to={funnelStudioPath(funnelId)}>{pagesText('brokenFunnel.studioLink')}</Link>
            ),
          }}
        />
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
