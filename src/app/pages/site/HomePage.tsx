import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { StartButton } from '../../ui/StartButton';

/** The service start page (GOV.UK start page pattern). */
export function HomePage() {
  usePageTitle('Make a vehicle claim');
  // Said once after leaving an account (deleted): where the claimant lands next.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      <h1>Make a vehicle claim</h1>
      <p className="lead">
        Use this service to claim if you were mis-sold car finance, or if your vehicle was affected
        by a manufacturer problem.
      </p>
      <p>You will need:</p>
      <ul className="list">
        <li>your contact details and address</li>
        <li>your vehicle registration number</li>
        <li>the dates of your finance agreement, if you had one</li>
      </ul>
      <p>
        It takes around 5 minutes. Your answers are saved as you go, so you can stop and come back.
      </p>
      <StartButton to={paths.builtInStep('start')} withArrow>
        Start now
      </StartButton>
      <h2>Other ways to claim</h2>
      <p>
        See <Link to={paths.start()}>all the claims you can make</Link>, or{' '}
        <Link to={paths.login()}>sign in</Link> to carry on with a claim you saved.
      </p>
    </>
  );
}
