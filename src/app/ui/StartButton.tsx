import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The GOV.UK start button: a link styled as the page's one call to action. */
export function StartButton({
  to,
  children,
  withArrow = false,
}: {
  to: string;
  children: ReactNode;
  withArrow?: boolean;
}) {
  return (
    <Link to={to} className="button button--start" role="button" draggable={false}>
      {children}
      {withArrow && (
        <svg
          className="button__start-icon"
          xmlns="http://www.w3.org/2000/svg"
          width="17.5"
          height="19"
          viewBox="0 0 33 40"
          aria-hidden="true"
          focusable="false"
        >
          <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
        </svg>
      )}
    </Link>
  );
}
