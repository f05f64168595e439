import { Link } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { useYourClaimLink } from '../../layout/useYourClaimLink';

/** Its title, also that of dist/404.html, which the hosting serves at unknown paths. */
export const NOT_FOUND_TITLE = 'Page Not Found';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  const yourClaim = useYourClaimLink();
  return (
    <>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>If you typed the web address, check it is correct.</p>
      <p>If you pasted the web address, check you copied the entire address.</p>
      {/* Without a claim in this browser, "Your claim" is the home page: offered once. */}
      {yourClaim === paths.home() ? (
        <p>
          You can <Link to={paths.home()}>go to the home page</Link>.
        </p>
      ) : (
        <p>
          You can <Link to={paths.home()}>go to the home page</Link> or{' '}
          <Link to={yourClaim}>continue your claim</Link>.
        </p>
      )}
    </>
  );
}
