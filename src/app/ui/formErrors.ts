import type { SummaryError } from './ErrorSummary';
import { toE164UkMobile } from '../../runtime/claim';

/** The minimum password length we ask for (Firebase itself accepts 6). */
export const PASSWORD_MIN_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function errorFor(errors: SummaryError[], fieldId: string): string | undefined {
  return errors.find((error) => error.fieldId === fieldId)?.message;
}

export function checkEmail(value: string, fieldId = 'email'): SummaryError[] {
  if (!value.trim()) return [{ fieldId, message: 'Enter your email address' }];
  if (!EMAIL.test(value.trim())) {
    return [
      { fieldId, message: 'Enter an email address in the correct format, like name@example.com' },
    ];
  }
  return [];
}

export function checkPhone(value: string, fieldId = 'phoneNumber'): SummaryError[] {
  if (!value.trim()) return [{ fieldId, message: 'Enter your mobile phone number' }];
  if (!toE164UkMobile(value)) {
    return [
      {
        fieldId,
        message: 'Enter a UK mobile phone number, like 07700 900 982 or +44 7700 900 982',
      },
    ];
  }
  return [];
}

export function checkNewPassword(
  password: string,
  confirm: string,
  ids = { password: 'password', confirm: 'confirmPassword' },
): SummaryError[] {
  if (!password) return [{ fieldId: ids.password, message: 'Enter a password' }];
  if (password.length < PASSWORD_MIN_LENGTH) {
    return [
      {
        fieldId: ids.password,
        message: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      },
    ];
  }
  if (!confirm) return [{ fieldId: ids.confirm, message: 'Enter your password again' }];
  if (confirm !== password) {
    return [{ fieldId: ids.confirm, message: 'The passwords do not match' }];
  }
  return [];
}
