import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../usePageTitle';
import { paths } from '../paths';
import { NotFoundPage } from '../pages/NotFoundPage';

/** The generic error page; its default message is 'Internal Server Error' (spec section 2). */
export function GenericErrorPage({ message = 'Internal Server Error' }: { message?: string }) {
  usePageTitle(message);
  return (
    <>
      <h1>{message}</h1>
      <p>Sorry, there is a problem with the service. Your answers so far have been kept.</p>
      <p>
        Try again later, or <Link to={paths.home()}>go to the home page</Link>.
      </p>
    </>
  );
}

/** Route error boundary: 404s show the Page Not Found page, everything else the generic one. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <GenericErrorPage />;
}
