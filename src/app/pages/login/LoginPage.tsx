import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkSignIn } from './LinkSignIn';
import { NotMe } from './NotMe';
import { PasswordSignIn } from './PasswordSignIn';
import { EmailMeALink, ForgottenPassword } from './EmailRequest';

type Mode = 'password' | 'forgotten' | 'link';

/**
 * Sign in: email and password, a password-reset email, or an emailed sign-in link. Also
 * where single-use links land (`?link=`): emailed sign-in and confirm-your-address links,
 * support's links, and the link in an email about one claim (`&claim=<claimId>`, so a
 * used one can be renewed); `&notMe=1` is a confirm email's "this was not me".
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const link = params.get('link');
  // `?token=` was the old support link, a bearer token usable many times: never honoured.
  if (link !== null && params.get('notMe') === '1') return <NotMe token={link} />;
  if (link !== null || params.has('token')) {
    return <LinkSignIn token={link ?? ''} claimId={params.get('claim')} />;
  }
  return <SignInForms redirect={params.get('redirect')} />;
}

function SignInForms({ redirect }: { redirect: string | null }) {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const show = (next: Mode) => () => setMode(next);
  if (mode === 'forgotten') {
    return <ForgottenPassword email={email} setEmail={setEmail} back={show('password')} />;
  }
  if (mode === 'link') {
    return <EmailMeALink email={email} setEmail={setEmail} back={show('password')} />;
  }
  return (
    <PasswordSignIn
      redirect={redirect}
      email={email}
      setEmail={setEmail}
      onForgotten={show('forgotten')}
      onLink={show('link')}
    />
  );
}
