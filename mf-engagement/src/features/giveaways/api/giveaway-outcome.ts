import { SUCCESS_CODE } from '@manager/contract';
import { getRuntimeConfig, isApiError, serverMessage } from '@manager/platform';

/** `add` -> "Failed to add giveaway: ..." / "Network error occurred while adding giveaway" (spec section 8). */
const VERBS = { add: 'adding', update: 'updating', delete: 'deleting' } as const;
export type GiveawayAction = keyof typeof VERBS;

/** Turns any failure of a giveaway call into the spec's text; no answer at all is the network text. */
export function giveawayError(action: GiveawayAction, error: unknown, subject = 'giveaway'): Error {
  if (isApiError(error) && error.status === undefined) return new Error(`Network error occurred while ${VERBS[action]} ${subject}`, { cause: error });
  const message = (isApiError(error) && serverMessage(error.data)) || (error instanceof Error && error.message) || 'Unknown error';
  return new Error(`Failed to ${action} ${subject}: ${message}`, { cause: error });
}

/** A 2xx answer whose body code is not 200 is still a failure with the server's message. */
export function expectSuccess(action: GiveawayAction, body: { code?: unknown; message?: unknown } | undefined, subject = 'giveaway'): void {
  if (body?.code !== SUCCESS_CODE) throw new Error(`Failed to ${action} ${subject}: ${serverMessage(body) ?? 'Unknown error'}`);
}

/** Stored images are `/uploads/<name>`; the browser loads them from the runtime uploads base. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
