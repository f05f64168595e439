import { Fragment, type ReactNode } from 'react';
import { accountTextParts, type AccountTextKey } from './accountText';

/**
 * A message with elements in it: each `{name}` of `slots` in the message is drawn as that
 * element (`slots={{ signInLink: <Link …>{accountText('renewal.signInLink')}</Link> }}`), the
 * rest as the message's words. The link's own words are a message of their own.
 */
export function AccountSentence({
  message,
  slots,
  values,
}: {
  message: AccountTextKey;
  slots: Record<string, ReactNode>;
  values?: Record<string, string | number>;
}) {
  return (
    <>
      {accountTextParts(message, Object.keys(slots), values).map((part, index) => (
        <Fragment key={index}>{typeof part === 'string' ? part : slots[part.slot]}</Fragment>
      ))}
    </>
  );
}
