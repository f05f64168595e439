import type { SummaryError } from '../ErrorSummary';
import { toE164UkMobile } from '../../../runtime/claim';
import { formsText } from '../formsText';

/** The minimum password length we ask for (Firebase itself accepts 6). */
export const PASSWORD_MIN_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function errorFor(errors: SummaryError[], fieldId: string): string | undefined {
  return errors.find((error) => error.fieldId === fieldId)?.message;
}

export function checkEmail(value: string, fieldId = 'email'): SummaryError[] {
  if (!value.trim()) return [{ fieldId, message: formsText('check.emailMissing') }];
  if (!EMAIL.test(value.trim())) return [{ fieldId, message: formsText('check.emailFormat') }];
  return [];
}

export function checkPhone(value: string, fieldId = 'phoneNumber'): SummaryError[] {
  if (!value.trim()) return [{ fieldId, message: formsText('check.phoneMissing') }];
  if (!toE164UkMobile(value)) return [{ fieldId, message: formsText('check.phoneFormat') }];
  return [];
}

export function checkNewPassword(
  password: string,
  confirm: string,
  ids = { password: 'password', confirm: 'confirmPassword' },
): SummaryError[] {
  if (!password) return [{ fieldId: ids.password, message: formsText('check.passwordMissing') }];
  if (password.length < PASSWORD_MIN_LENGTH) {
    const message = formsText('check.passwordShort', { minLength: PASSWORD_MIN_LENGTH });
    return [{ fieldId: ids.password, message }];
  }
  if (!confirm) return [{ fieldId: ids.confirm, message: formsText('check.confirmMissing') }];
  if (confirm !== password) {
    return [{ fieldId: ids.confirm, message: formsText('check.passwordsDiffer') }];
  }
  return [];
}
