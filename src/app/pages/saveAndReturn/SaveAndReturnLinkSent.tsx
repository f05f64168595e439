import { EmailSentPanel } from '../../ui/account/EmailSentPanel';
import { MessageSentence } from '../../ui/MessageSentence';
import { LinkValidity } from './LinkValidity';
import { saveAndReturnText, type SaveAndReturnTextKey } from './saveAndReturnText';

/**
 * "Check your email": a save-and-return link went to `email`, said by `message` (a first link
 * or a renewed one), and how long it works.
 */
export function SaveAndReturnLinkSent({
  message,
  email,
}: {
  message: SaveAndReturnTextKey;
  email: string;
}) {
  return (
    <>
      <EmailSentPanel testId="save-and-return-sent">
        <p>
          <MessageSentence
            say={saveAndReturnText}
            message={message}
            slots={{ email: <strong>{email}</strong> }}
          />
        </p>
      </EmailSentPanel>
      <LinkValidity />
    </>
  );
}
