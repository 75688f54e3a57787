import { isApiError, serverMessage } from '@manager/platform';

/** The two-factor settings' texts (docs/screens.md#two-factor-authentication). */
export const TWO_FACTOR_MESSAGES = {
  setupFailed: 'Failed to initialize 2FA setup',
  setupError: 'Error setting up 2FA:',
  setupGeneric: 'Failed to load 2FA setup. Please try again.',
  enabled: '2FA enabled successfully!',
  invalidCode: 'Invalid verification code',
  enableError: 'Failed to enable 2FA',
  disabled: '2FA disabled successfully',
  disableFailed: 'Failed to disable 2FA',
  disableError: 'Error disabling 2FA',
  regenerated: 'Backup codes regenerated successfully',
  regenerateFailed: 'Failed to regenerate backup codes',
  regenerateError: 'Error regenerating backup codes',
  codesCopied: 'Backup codes copied to clipboard',
  copied: 'Copied to clipboard!',
  enterSixDigits: 'Please enter a 6-digit code',
  enterPassword: 'Please enter your password',
  enterCode: 'Please enter your 2FA code',
  codeLength: '2FA code must be 6 digits',
} as const;

/**
 * The text for a failed call: the server's message (or `failed`) when it answered, `exception`
 * when no answer came (network) or something else threw.
 */
export function failureMessage(error: unknown, failed: string, exception: string): string {
  if (isApiError(error) && error.status !== undefined) return serverMessage(error.data) ?? failed;
  return exception;
}

/** Keeps digits only, at most six (docs/screens.md: the input strips non-digits, max 6). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);
