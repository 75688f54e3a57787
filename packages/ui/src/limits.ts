/**
 * Limits (docs/screens.md) that the views need. They mirror `@manager/contract` constants
 * (ui takes only types from the contract, so zod stays out of its bundle); limits.test.ts
 * fails if they drift apart.
 */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;
export const PAGINATION_WINDOW = 5;
export const ABBREVIATION = { THOUSAND: 1e3, MILLION: 1e6, BILLION: 1e9 } as const;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const STEP_UP_MESSAGE = "Confirm it's you";
export const BACKUP_CODE_MAX_LENGTH = 9;
export const PASSKEY_NAME_MAX = 64;
