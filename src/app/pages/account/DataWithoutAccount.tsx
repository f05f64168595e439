import { Link } from 'react-router-dom';
import { gatewayApi } from '../../../store/gatewayApi';
import { paths } from '../../paths';
import { AccountSentence } from './AccountSentence';
import { accountText } from './accountText';
import { claimUrl } from './YourClaimsPage';
import { YourData } from './YourData';

/**
 * `/account` for a session without an account: an anonymous claimant, or one who opened the
 * link in an email about their claim on another device. Their rights need no account (UK
 * GDPR): each claim of the session, to withdraw a sent one from its page, a copy of
 * everything held about them, and deleting it. The gateway acts on this session's uid only.
 */
export function DataWithoutAccount({ uid }: { uid: string }) {
  const { data, isError } = gatewayApi.useListClaimsQuery({});
  return (
    <div className="narrow">
      <h1>{accountText('noAccount.heading')}</h1>
      <p>{accountText('noAccount.intro')}</p>
      <p>{accountText('noAccount.otherDevice')}</p>
      <section aria-labelledby="your-claims">
        <h2 id="your-claims">{accountText('noAccount.claimsHeading')}</h2>
        {isError ? (
          <p className="notice notice--warning" role="alert">
            {accountText('claims.loadFailed')}
          </p>
        ) : !data ? (
          <p aria-live="polite">{accountText('claims.loading')}</p>
        ) : data.claims.length === 0 ? (
          <p>{accountText('noAccount.claimsNone')}</p>
        ) : (
          <>
            {data.claims.some((claim) => claim.status === 'submitted') && (
              <p>{accountText('noAccount.claimsIntro')}</p>
            )}
            <ul className="list" data-testid="claims">
              {data.claims.map((claim) => (
                <li key={claim.claimId}>
                  <Link to={claimUrl(claim, uid)}>
                    {claim.status === 'submitted' && claim.reference
                      ? accountText('noAccount.claimSent', {
                          title: claim.title,
                          reference: claim.reference,
                        })
                      : accountText('noAccount.claimDraft', { title: claim.title })}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <YourData hasAccount={false} />
      <p>
        <AccountSentence
          message="noAccount.register"
          slots={{
            registerLink: (
              <Link to={paths.register(paths.account())}>
                {accountText('noAccount.registerLink')}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
