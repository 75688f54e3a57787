import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import {
  boundedNumber,
  httpUrl,
  isoDate,
  paginationOf,
  queryEnum,
  sortParam,
  text,
  URL_MAX,
  wholeOrPageQuery,
} from './common.ts';

/** waiting -> running (Start) -> done; a failed run ends as failed. */
export const MAILING_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;
const mailingStatusSchema = z.enum(MAILING_STATUSES);

const mailingSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  buttonText: z.string(),
  buttonLink: z.string(),
  mediaLink: z.string().nullable(),
  /** Players it goes to (counted at Start); once done or failed, the players it reached. */
  recipients: z.number().int().min(0),
  /**
   * Delivery progress: messages sent, and players the bot could not reach (blocked it, left).
   * The reference API's; a provider API that does not report them leaves them out.
   */
  delivered: z.number().int().min(0).optional(),
  failed: z.number().int().min(0).optional(),
  status: mailingStatusSchema,
  createdAt: isoDate,
});
export type Mailing = z.infer<typeof mailingSchema>;

/* GET /mailing?page&limit=20&search&status&sort (docs/api.md#lists): `{ mailings }`, with `pagination` when a page was asked */
export const MAILING_SORTS = ['createdAt', 'recipients'] as const;
/** `search`: messages containing the text. */
export const mailingsQuerySchema = wholeOrPageQuery(PAGE_SIZES.MAILINGS, MAX_PAGE_LIMIT).extend({
  status: queryEnum(MAILING_STATUSES),
  /** Default `-createdAt` (newest first). */
  sort: sortParam(MAILING_SORTS),
});
export type MailingsQuery = z.input<typeof mailingsQuerySchema>;
export const mailingsResponseSchema = z.object({
  mailings: z.array(mailingSchema),
  pagination: paginationOf('totalMailings').optional(),
});

/* POST /mailing (multipart text fields; optional file `image`) */
export const createMailingBodySchema = z.object({
  message: text.trim().min(1, 'Message is required').max(4096),
  buttonText: text.trim().min(1, 'Button text is required').max(64),
  buttonLink: z.string().trim().min(1, 'Button link is required').max(URL_MAX).pipe(httpUrl),
});
export type CreateMailingBody = z.input<typeof createMailingBodySchema>;
export const createMailingResponseSchema = mailingSchema;

/* PUT /mailing/:id/status */
export const mailingStatusRequestSchema = z.object({ status: z.literal('running') });
export const mailingStatusResponseSchema = mailingSchema;

/* PUT /mailing/:id (multipart, the fields of POST /mailing; a new `image` replaces the stored one): a waiting mailing only */
export const updateMailingBodySchema = createMailingBodySchema;
export type UpdateMailingBody = z.input<typeof updateMailingBodySchema>;
export const updateMailingResponseSchema = mailingSchema;

/* GET /mailing/:id/recipients: the players a Start would send it to now, counted as the delivery selects them */
export const mailingRecipientsResponseSchema = z.object({ recipients: z.number().int().min(0) });

/* POST /mailing/:id/test: the message to one Telegram id, through the delivery port; status and counters unchanged */
export const mailingTestRequestSchema = z.object({
  telegramId: boundedNumber(
    z
      .number({ error: 'Please enter a Telegram ID' })
      .int('Telegram ID must be a whole number')
      .positive('Telegram ID must be a positive number')
      .max(Number.MAX_SAFE_INTEGER, 'Telegram ID is too large'),
  ),
});
export type MailingTestRequest = z.input<typeof mailingTestRequestSchema>;
export const mailingTestResponseSchema = z.object({ telegramId: z.number().int() });
