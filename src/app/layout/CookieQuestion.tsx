import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { shellText } from './shellText';

/**
 * The cookie banner's question: which cookies there are, and a choice. Its buttons wait for
 * the app (a prerendered page shows them before it runs).
 */
export function CookieQuestion({
  heading,
  hydrated,
  onChoose,
}: {
  heading: string;
  hydrated: boolean;
  onChoose: (analytics: boolean) => void;
}) {
  return (
    <div className="cookie-banner__message">
      <h2 className="cookie-banner__heading">{heading}</h2>
      <p>{shellText('cookieBanner.essential')}</p>
      <p>{shellText('cookieBanner.analytics')}</p>
      <div className="button-group">
        <button
          type="button"
          className="button"
          disabled={!hydrated}
          onClick={() => onChoose(true)}
        >
          {shellText('cookieBanner.accept')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!hydrated}
          onClick={() => onChoose(false)}
        >
          {shellText('cookieBanner.reject')}
        </button>
        <Link to={paths.cookies()}>{shellText('cookieBanner.view')}</Link>
      </div>
    </div>
  );
}
