import { z } from 'zod';
import { REDIRECT_ACTIONS } from '../constants.ts';
import { formBoolean, formNumber, money } from './common.ts';

export const redirectActionSchema = z.enum(REDIRECT_ACTIONS);

const settingsSchema = z.object({
  technicalMode: z.boolean(),
  playToStars: z.coerce.number(),
  playToRedChip: z.coerce.number(),
  bannerOneImageUrl: z.string().nullable(),
  bannerOneUrl: redirectActionSchema.nullable(),
  bannerOneStatus: z.boolean(),
  bannerTwoImageUrl: z.string().nullable(),
  bannerTwoUrl: redirectActionSchema.nullable(),
  bannerTwoStatus: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/* GET /settings */
export const settingsResponseSchema = settingsSchema;

/** Rates are money (numeric(20, 9)) with a ceiling of their own: a larger number is a typo. */
const SETTINGS_RATE_MAX = 1_000_000_000;
const rate = formNumber
  .pipe(z.number().max(SETTINGS_RATE_MAX, `Rate must be at most ${SETTINGS_RATE_MAX}`))
  .pipe(money);

/** The multipart file fields of POST /settings. */
export const SETTINGS_IMAGE_FIELDS = ['bannerOneImage', 'bannerTwoImage'] as const;

const optionalRedirect = z.preprocess(
  (v) => (v === '' ? null : v),
  redirectActionSchema.nullable().optional(),
);

/* POST /settings (multipart text fields; optional files bannerOneImage and bannerTwoImage) */
export const updateSettingsBodySchema = z.object({
  technicalMode: formBoolean,
  playToStars: rate,
  playToRedChip: rate,
  bannerOneUrl: optionalRedirect,
  bannerOneStatus: formBoolean,
  bannerTwoUrl: optionalRedirect,
  bannerTwoStatus: formBoolean,
});
export type UpdateSettingsFields = z.output<typeof updateSettingsBodySchema>;
