import { Fragment, type ReactNode } from 'react';
import { messageParts, type MessageValues } from './messageParts';

/**
 * A message with elements in it, read by an area's reader (`say`, such as `shellText`): each
 * `{name}` of `slots` in the message is drawn as that element
 * (`slots={{ homeLink: <Link …>{shellText('notFound.homeLink')}</Link> }}`), the rest as the
 * message's words. The link's own words are a message of their own.
 */
export function MessageSentence<Key extends string>({
  say,
  message,
  slots,
  values,
}: {
  say: (key: Key, values?: MessageValues) => string;
  message: Key;
  slots: Record<string, ReactNode>;
  values?: MessageValues;
}) {
  return (
    <>
      {messageParts((filled) => say(message, filled), Object.keys(slots), values).map(
        (part, index) => (
          <Fragment key={index}>{typeof part === 'string' ? part : slots[part.slot]}</Fragment>
        ),
      )}
    </>
  );
}
