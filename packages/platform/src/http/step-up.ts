import axios, { type AxiosError, type AxiosInstance } from 'axios';
import {
  calls,
  STEP_UP_STATUS,
  stepUpRequiredSchema,
  type Envelope,
  type StepUpMethod,
} from '@manager/contract';
import { assertPasskey, passkeyOptions } from '../auth/passkey.ts';
import { getAccessToken } from '../auth/storage.ts';
import { askStepUp, setStepUpConfirm, type StepUpSubmission } from '../step-up/prompt-store.ts';
import { ApiError, ERROR_MESSAGES } from './errors.ts';
import { createStepUpGate } from './step-up-gate.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** A 428 of this call is final: no prompt (the step-up calls themselves). */
    skipStepUp?: boolean;
    /** Set on the single retry after a confirmation, so a second 428 is final (no loops). */
    isRetryAfterStepUp?: boolean;
    /** Confirmations the page had made when this request left (set by the client). */
    stepUpGeneration?: number;
    /** What the admin confirms, shown in the prompt a 428 of this call opens ("TON Balance: 195 -> 295"). */
    stepUpSummary?: readonly string[];
  }
}

/**
 * The call the admin did not confirm fails with its own 428, under a message a caller can show
 * as it is. The body's `message` says it too: callers that show the server's reason
 * (`... failed: <reason>`) then say `Confirmation cancelled`, not the 428's `Confirm it's you`.
 */
function cancelledError(body: unknown, reason: unknown): ApiError {
  const data =
    typeof body === 'object' && body !== null ? { ...body, message: ERROR_MESSAGES.stepUpCancelled } : body;
  return new ApiError(ERROR_MESSAGES.stepUpCancelled, {
    status: STEP_UP_STATUS,
    code: STEP_UP_STATUS,
    data,
    cause: reason,
  });
}

/** True for a call that stopped at the step-up: cancelled, or refused again after a confirmation. */
export const isStepUpError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === STEP_UP_STATUS;

/** The client's confirmations, for a request it cannot send itself (a streamed `fetch`). */
export interface StepUpConfirmations {
  /** Confirmations made so far: read it as the request leaves. */
  readonly generation: number;
  /**
   * Answers a 428 (`body`, its `data` naming the methods) of a request that left at
   * `sentGeneration`: the shared prompt, unless a confirmation came since; then the caller
   * sends the request once more. Rejects with `Confirmation cancelled` when the admin cancels;
   * resolves false when the body names no methods (the 428 is then the answer).
   */
  confirm(body: unknown, sentGeneration: number): Promise<boolean>;
}

/**
 * Response interceptor: a 428 whose body names the step-up methods opens one shared prompt
 * (`askStepUp`, or `prompt` in tests); once the admin confirmed, the original request is sent
 * once more. A cancel rejects every waiting call with `Confirmation cancelled`.
 */
export function installStepUp(client: AxiosInstance, prompt = askStepUp): StepUpConfirmations {
  const gate = createStepUpGate({ prompt });
  const post = (values: StepUpSubmission) => client.post(calls.stepUp.path, values, { skipStepUp: true });
  // A passkey: options for this session, the browser's assertion (a cancelled prompt rejects
  // with its text, which the prompt shows), then the server's check.
  const withPasskey = async () => {
    const options = await passkeyOptions(() =>
      client
        .post(calls.stepUpPasskeyOptions.path, undefined, { skipStepUp: true })
        .then((r) => r.data as Envelope<unknown>),
    );
    const response = await assertPasskey(options);
    return client.post(calls.stepUpPasskey.path, { response }, { skipStepUp: true });
  };
  // Each method's proof.
  const confirmers: Record<StepUpSubmission['method'], (values: StepUpSubmission) => Promise<unknown>> = {
    totp: post,
    password: post,
    passkey: withPasskey,
  };
  setStepUpConfirm(async (values) => {
    await confirmers[values.method](values);
  });

  client.interceptors.request.use((config) => {
    config.stepUpGeneration = gate.generation;
    return config;
  });

  const methodsOf = (body: unknown): readonly StepUpMethod[] | null =>
    stepUpRequiredSchema.safeParse((body as { data?: unknown } | undefined)?.data).data?.stepUp.methods ??
    null;
  const confirm = async (
    body: unknown,
    sentGeneration: number,
    summary?: readonly string[],
  ): Promise<boolean> => {
    const methods = methodsOf(body);
    if (!methods) return false;
    if (sentGeneration < gate.generation) return true;
    try {
      await gate.acquire(methods, summary);
    } catch (reason) {
      throw cancelledError(body, reason);
    }
    return true;
  };

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    const { config, response } = error as AxiosError;
    if (response?.status !== STEP_UP_STATUS || !config || config.skipStepUp || config.isRetryAfterStepUp)
      throw error;
    if (!(await confirm(response.data, config.stepUpGeneration ?? gate.generation, config.stepUpSummary)))
      throw error;
    config.isRetryAfterStepUp = true;
    // A refresh while the prompt was open replaced the token this request left with.
    const token = getAccessToken();
    if (token && config.headers.get('Authorization') !== `Bearer ${token}`)
      config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });

  return {
    get generation() {
      return gate.generation;
    },
    confirm,
  };
}
