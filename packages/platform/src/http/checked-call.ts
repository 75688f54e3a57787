import { SUCCESS_CODE } from '@manager/contract';
import { isApiError, serverMessage } from './errors.ts';
import { isStepUpError } from './step-up.ts';

/**
 * What a failed change says. A string: that text for every failure. An object: `network`
 * when no answer came, otherwise `failed` followed by the reason (the server's message,
 * else the error's, else `Unknown error`). A call that stopped at the step-up says its own text
 * (`Confirmation cancelled`) either way.
 */
type FailureTexts = string | { failed: string; network: string };

/** The Error a rejected call becomes. */
export function failureError(error: unknown, texts: FailureTexts): Error {
  if (isStepUpError(error)) return new Error(error.message, { cause: error });
  if (typeof texts === 'string') return new Error(texts, { cause: error });
  if (isApiError(error) && error.status === undefined) return new Error(texts.network, { cause: error });
  const reason =
    (isApiError(error) && serverMessage(error.data)) ||
    (error instanceof Error && error.message) ||
    'Unknown error';
  return new Error(texts.failed + reason, { cause: error });
}

/**
 * Runs a change and resolves its envelope. A rejection, and a 2xx answer whose `code` is not
 * 200, reject with the texts' Error.
 */
export async function checkedCall<B extends { code?: unknown; message?: unknown } | undefined>(
  send: () => Promise<B>,
  texts: FailureTexts,
): Promise<B> {
  let body: B;
  try {
    body = await send();
  } catch (error) {
    throw failureError(error, texts);
  }
  if (body?.code === SUCCESS_CODE) return body;
  if (typeof texts === 'string') throw new Error(texts);
  throw new Error(texts.failed + (serverMessage(body) ?? 'Unknown error'));
}
