import { SUCCESS_CODE } from '@manager/contract';
import { getRuntimeConfig, isApiError, serverMessage } from '@manager/platform';

/** The spec's texts, spelled out so they can be found as written (section 8). */
const TEXTS = {
  add: { failed: 'Failed to add task: ', network: 'Network error occurred while adding task' },
  update: { failed: 'Failed to update task: ', network: 'Network error occurred while updating task' },
  delete: { failed: 'Failed to delete task: ', network: 'Network error occurred while deleting task' },
} as const;
export type TaskAction = keyof typeof TEXTS;

/** Turns any failure of a task call into the spec's text; no answer at all is the network text. */
export function taskError(action: TaskAction, error: unknown): Error {
  if (isApiError(error) && error.status === undefined) return new Error(TEXTS[action].network, { cause: error });
  const message = (isApiError(error) && serverMessage(error.data)) || (error instanceof Error && error.message) || 'Unknown error';
  return new Error(TEXTS[action].failed + message, { cause: error });
}

/** A 2xx answer whose body code is not 200 is still a failure with the server's message. */
export function expectSuccess(action: TaskAction, body: { code?: unknown; message?: unknown } | undefined): void {
  if (body?.code !== SUCCESS_CODE) throw new Error(TEXTS[action].failed + (serverMessage(body) ?? 'Unknown error'));
}

/** Stored images are `/uploads/<name>`; the browser loads them from the runtime uploads base. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  const base = getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
