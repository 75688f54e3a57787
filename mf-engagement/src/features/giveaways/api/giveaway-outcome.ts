import { SUCCESS_CODE } from '@manager/contract';
import { getRuntimeConfig, isApiError, serverMessage } from '@manager/platform';

/** The spec's texts, spelled out so they can be found as written (section 8). */
const TEXTS = {
  add: { failed: 'Failed to add giveaway: ', network: 'Network error occurred while adding giveaway' },
  update: { failed: 'Failed to update giveaway: ', network: 'Network error occurred while updating giveaway' },
  delete: { failed: 'Failed to delete giveaway: ', network: 'Network error occurred while deleting giveaway' },
} as const;
export type GiveawayAction = keyof typeof TEXTS;

/** Turns any failure of a giveaway call into the spec's text; no answer at all is the network text. */
export function giveawayError(action: GiveawayAction, error: unknown): Error {
  if (isApiError(error) && error.status === undefined) return new Error(TEXTS[action].network, { cause: error });
  const message = (isApiError(error) && serverMessage(error.data)) || (error instanceof Error && error.message) || 'Unknown error';
  return new Error(TEXTS[action].failed + message, { cause: error });
}

/** A 2xx answer whose body code is not 200 is still a failure with the server's message. */
export function expectSuccess(action: GiveawayAction, body: { code?: unknown; message?: unknown } | undefined): void {
  if (body?.code !== SUCCESS_CODE) throw new Error(TEXTS[action].failed + (serverMessage(body) ?? 'Unknown error'));
}

/** Stored images are `/uploads/<name>`; the browser loads them from the runtime uploads base. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
