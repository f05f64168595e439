import { Link } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { useYourClaimLink } from '../../layout/useYourClaimLink';
import { shellText } from '../../layout/shellText';
import { MessageSentence } from '../../ui/MessageSentence';

/** Its title, also that of dist/404.html, which the hosting serves at unknown paths. */
/** The page's title, in the locale the page is read in. */
export const notFoundTitle = () => shellText('notFound.title');

export function NotFoundPage() {
  usePageTitle(notFoundTitle());
  const yourClaim = useYourClaimLink();
  return (
    <>
      <h1>{notFoundTitle()}</h1>
      <p>{shellText('notFound.typed')}</p>
      <p>{shellText('notFound.pasted')}</p>
      <p>
        {/* Without a claim in this browser, "Your claim" is the home page: offered once. */}
        <MessageSentence
          say={shellText}
          message={yourClaim === paths.home() ? 'notFound.waysOn' : 'notFound.waysOnWithClaim'}
          slots={{
            homeLink: <Link to={paths.home()}>{shellText('notFound.homeLink')}</Link>,
            claimLink: <Link to={yourClaim}>{shellText('notFound.claimLink')}</Link>,
          }}
        />
      </p>
    </>
  );
}
