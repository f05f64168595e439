import { Link } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { useYourClaimLink } from '../../layout/useYourClaimLink';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const yourClaim = useYourClaimLink();
  return (
    <>
      <h1>Page Not Found</h1>
      <p>If you typed the web address, check it is correct.</p>
      <p>If you pasted the web address, check you copied the entire address.</p>
      <p>
        You can <Link to={paths.home()}>go to the home page</Link> or{' '}
        <Link to={yourClaim}>continue your claim</Link>.
      </p>
    </>
  );
}
