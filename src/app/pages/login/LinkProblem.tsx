import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';

/** A link that could not be used: why, and the ways on (sign in or ask again, or start). */
export function LinkProblem({
  heading,
  title,
  message,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  message: string;
}) {
  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <div className="notice notice--warning" role="alert">
        {message}
      </div>
      <p>
        <Link to={paths.login()}>Sign in, or ask for a new link</Link>, or{' '}
        <Link to={paths.home()}>start a claim</Link>.
      </p>
    </div>
  );
}
