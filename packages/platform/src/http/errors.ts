import type { AxiosError } from 'axios';

export const ERROR_MESSAGES = {
  accessDenied: 'Access denied - insufficient permissions',
  invalidResponse: 'Invalid server response',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Token refresh failed',
  stepUpCancelled: 'Confirmation cancelled',
  stepUpFailed: 'Confirmation failed',
} as const;

/**
 * Every rejection of `http` / `apiClient`. `status` is absent when no answer arrived
 * (network failure), so callers can show their own "Network error..." texts.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  /** `code` of the response envelope, when the body had one. */
  readonly code?: number;
  /** The parsed response body, when there was one. */
  readonly data?: unknown;

  constructor(
    message: string,
    init: { status?: number; code?: number; data?: unknown; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Marks a body that was not JSON; set by the client's response transform. */
export const INVALID_BODY = Symbol('invalid-body');
export type InvalidBody = { [INVALID_BODY]: true; text: string };
export const isInvalidBody = (body: unknown): body is InvalidBody =>
  typeof body === 'object' && body !== null && INVALID_BODY in body;

function bodyField<T>(body: unknown, key: string, type: 'string' | 'number'): T | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === type ? (value as T) : undefined;
}

/** The `message` a server put in a body, if any (used by the sign-in texts too). */
export function serverMessage(body: unknown): string | undefined {
  const message = bodyField<string>(body, 'message', 'string');
  return message?.trim() ? message : undefined;
}

// HTTP/2 answers carry no reason phrase; keep the fallback text readable anyway.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Maps an HTTP answer (2xx with a bad body, or non-2xx) to the error texts of docs/screens.md. */
export function errorFromResponse(
  response: { status: number; statusText?: string; data: unknown },
  cause?: unknown,
): ApiError {
  const { status, data } = response;
  if (status === 403) return new ApiError(ERROR_MESSAGES.accessDenied, { status, data, cause });
  if (isInvalidBody(data))
    return new ApiError(ERROR_MESSAGES.invalidResponse, { status, data: data.text, cause });
  const code = bodyField<number>(data, 'code', 'number');
  const statusText = response.statusText || REASONS[status] || 'Error';
  const message = serverMessage(data) ?? `HTTP ${status}: ${statusText}`;
  return new ApiError(message, { status, code, data, cause });
}

/** Any axios failure as an ApiError; no response means the request never got an answer. */
export function toApiError(error: AxiosError, cause?: unknown): ApiError {
  if (error.response) return errorFromResponse(error.response, cause ?? error);
  return new ApiError(error.message || 'Network Error', { cause: cause ?? error });
}
