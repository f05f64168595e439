import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { StartButton } from '../../ui/StartButton';

/** The campaign landing page that adverts link to (referral parameters are captured on arrival). */
export function LandingPage() {
  usePageTitle('Were you mis-sold car finance?');
  return (
    <>
      <h1>Were you mis-sold car finance?</h1>
      <p className="lead">
        If you bought a car on finance before 2021, you may have paid too much because of hidden
        commission.
      </p>
      <h2>Check in minutes</h2>
      <ol className="list list--number">
        <li>Tell us who you are and where you live.</li>
        <li>Tell us about your vehicle and its finance agreement.</li>
        <li>Check your answers and sign the letter of authority.</li>
      </ol>
      <p>
        There is no charge to check, and you can stop at any point: your answers are saved as you
        go.
      </p>
      <StartButton to={paths.builtInStep('start')}>Check if you can claim</StartButton>
    </>
  );
}
