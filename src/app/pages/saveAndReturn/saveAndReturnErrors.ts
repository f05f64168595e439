import { isAnswersNotSentError } from '../../../store/account/account';
import { isGatewayQueryError } from '../../../store/gatewayQueryError';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { saveAndReturnText } from './saveAndReturnText';

/** Gateway refusals written for the claimant (the request's state, a limit), shown as sent. */
const SAID_AS_SENT = new Set(['failed-precondition', 'resource-exhausted', 'permission-denied']);

/** What the claimant reads when a "save and come back later" step fails. */
export function describeSaveAndReturnError(error: unknown): string {
  if (isGatewayQueryError(error)) {
    if (SAID_AS_SENT.has(error.code)) return error.message;
    if (error.fields.some((field) => field.field === 'data.email')) {
      return saveAndReturnText('error.emailNotMatched');
    }
    if (error.code === 'unavailable') return saveAndReturnText('error.unreachable');
    return saveAndReturnText('error.ourSide');
  }
  if (isAnswersNotSentError(error)) return saveAndReturnText('error.answersNotSent');
  return describeAuthError(error);
}
