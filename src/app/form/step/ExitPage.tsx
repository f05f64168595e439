import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';

/**
 * A funnel's exit page (the claimant cannot go on, for example not eligible): the page's
 * own heading and text, a way back to change the answer that led here, and a way out.
 */
export function ExitPage({
  heading,
  backLink,
  changeAnswersUrl,
}: {
  heading: ReactNode;
  backLink: ReactNode;
  changeAnswersUrl: string | null;
}) {
  return (
    <div className="narrow">
      {backLink}
      {heading}
      {changeAnswersUrl && (
        <p>
          If your answers were wrong, <Link to={changeAnswersUrl}>go back and change them</Link>.
        </p>
      )}
      <p>
        You can <Link to={paths.start()}>see the other claims you can make</Link>.
      </p>
      <Link className="button button--secondary" to={paths.home()}>
        Go to the home page
      </Link>
    </div>
  );
}
