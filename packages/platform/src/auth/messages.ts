/** Sign-in texts, spelled as docs/screens.md spells them. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  loginNetworkError: 'Network error. Please try again.',
  invalidCode: 'Invalid verification code',
  verificationFailed: 'Verification failed. Please try again.',
  /** Shown by the shell as a success toast after a verified second factor. */
  twoFactorSuccess: '2FA verification successful!',
  // Enrolment at sign-in (two-factor required): the texts of the settings' setup and enable.
  setupFailed: 'Failed to initialize 2FA setup',
  setupError: 'Error setting up 2FA:',
  enableError: 'Failed to enable 2FA',
  // Passkeys at sign-in (docs/screens.md#passkeys).
  passkeyRefused: 'The passkey was not accepted. Please try again.',
  passkeyEnrolFailed: 'Failed to add the passkey. Please try again.',
  /** Shown by the shell as a success toast after a passkey enrolment. */
  passkeyAdded: 'Passkey added',
  /** Shown by the shell as a success toast after a confirmed enrolment. */
  twoFactorEnabled: '2FA enabled successfully!',
} as const;
