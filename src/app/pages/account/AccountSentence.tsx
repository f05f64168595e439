import type { ReactNode } from 'react';
import { MessageSentence } from '../../ui/MessageSentence';
import type { MessageValues } from '../../ui/messageParts';
import { accountText, type AccountTextKey } from './accountText';

/**
 * A message of the account file with elements in it: each `{name}` of `slots` in the message
 * is drawn as that element (`slots={{ signInLink: <Link …>{accountText('renewal.signInLink')}</Link> }}`),
 * the rest as the message's words. The link's own words are a message of their own.
 */
export function AccountSentence({
  message,
  slots,
  values,
}: {
  message: AccountTextKey;
  slots: Record<string, ReactNode>;
  values?: MessageValues;
}) {
  return <MessageSentence say={accountText} message={message} slots={slots} values={values} />;
}
