import { SAVE_AND_RETURN_REQUEST_DAYS, SIGN_IN_LINK_VALID_HOURS } from '../../../runtime/constants';

/** How long the emailed link works, and what to do after; said wherever a link is sent. */
export function LinkValidity() {
  const hours = SIGN_IN_LINK_VALID_HOURS === 1 ? '1 hour' : `${SIGN_IN_LINK_VALID_HOURS} hours`;
  return (
    <p>
      The link works for {hours}. If it has run out, open it anyway and ask for a new one: you can
      do that for {SAVE_AND_RETURN_REQUEST_DAYS} days.
    </p>
  );
}
