import { SAVE_AND_RETURN_REQUEST_DAYS, SIGN_IN_LINK_VALID_HOURS } from '../../../runtime/constants';
import { saveAndReturnText } from './saveAndReturnText';

/** How long the emailed link works, and what to do after; said wherever a link is sent. */
export function LinkValidity() {
  return (
    <p>
      {saveAndReturnText('link.validity', {
        hours: SIGN_IN_LINK_VALID_HOURS,
        days: SAVE_AND_RETURN_REQUEST_DAYS,
      })}
    </p>
  );
}
