/** Sign-in texts, spelled as docs/screens.md spells them. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  loginNetworkError: 'Network error. Please try again.',
  invalidCode: 'Invalid verification code',
  verificationFailed: 'Verification failed. Please try again.',
  /** Shown by the shell as a success toast after a verified second factor. */
  twoFactorSuccess: '2FA verification successful!',
} as const;
