import { STEP_UP_STATUS, type CsvExportPath } from '@manager/contract';
import { apiClient, stepUpConfirmations } from '../http/client.ts';
import { ApiError, ERROR_MESSAGES, serverMessage } from '../http/errors.ts';
import { apiUrl, fetchHeaders } from '../http/fetch-headers.ts';

/** A list's query as the export takes it: no page or limit, blanks left out, dates as ISO text. */
export function exportParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'limit' || value === undefined || value === null || value === '') continue;
    params.set(key, value instanceof Date ? value.toISOString() : String(value as string | number | boolean));
  }
  return params;
}

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

const failure = (response: Response, body: unknown) =>
  new ApiError(serverMessage(body) ?? ERROR_MESSAGES.invalidResponse, {
    status: response.status,
    data: body,
  });

/** A 428 of the HEAD: the token is renewed, and the export's own 428 is answered below. */
function unlessStepUp(error: unknown): void {
  if (!(error instanceof ApiError && error.status === STEP_UP_STATUS)) throw error;
}

/**
 * GET of an export with `fetch`, whose body can be read as it arrives (axios in the browser
 * hands over the whole body at the end). What the client does for its own calls is done here
 * the client's way: an expired access token is renewed by a HEAD of the same export through
 * `apiClient` (its 401 runs the one shared refresh, or ends the session when that fails; HEAD
 * reads no rows and records nothing), then one retry; an export refused for a step-up (428:
 * every export needs one) opens the shared "Confirm it's you" prompt, then one retry. A
 * cancelled prompt fails with `Confirmation cancelled`.
 */
export async function fetchCsv(
  path: CsvExportPath,
  query: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const params = exportParams(query);
  const url = apiUrl(path, params);
  const get = () => fetch(url, { headers: fetchHeaders('text/csv'), signal, cache: 'no-store' });
  let generation = stepUpConfirmations.generation;
  let response = await get();
  if (response.status === 401) {
    await apiClient.head(path, { params, signal, skipStepUp: true }).catch(unlessStepUp);
    generation = stepUpConfirmations.generation;
    response = await get();
  }
  if (response.status === STEP_UP_STATUS) {
    const refusal = await bodyOf(response);
    if (!(await stepUpConfirmations.confirm(refusal, generation))) throw failure(response, refusal);
    response = await get();
  }
  if (!response.ok) throw failure(response, await bodyOf(response));
  if (!response.body) throw new ApiError(ERROR_MESSAGES.invalidResponse, { status: response.status });
  return response.body;
}
