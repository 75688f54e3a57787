import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import type { AxiosRequestConfig } from 'axios';
import { STEP_UP_MESSAGE, STEP_UP_STATUS, type StepUpMethod } from '@manager/contract';
import { ApiError, checkedCall, http, isStepUpError } from '../src';
import { emitSessionEvent } from '../src/auth/session-events';
import { cancelStepUp, stepUpPromptState } from '../src/step-up/prompt-store';
import { authHeader, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
let stepUps: AxiosRequestConfig[];
/** Confirmed on the server: guarded calls answer 200 after it, 428 before. */
let confirmed: boolean;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stepUpRequired = (methods: StepUpMethod[] = ['password']) =>
  [STEP_UP_STATUS, { code: STEP_UP_STATUS, message: STEP_UP_MESSAGE, data: { stepUp: { methods } } }] as [
    number,
    unknown,
  ];

/** PUT /manager/balances/:id: 428 until the step-up, then the id back. */
function serveGuarded(methods?: StepUpMethod[], delay = 0) {
  mock.onPut(/\/manager\/balances\/\d+$/).reply(async (config) => {
    await sleep(delay);
    const id = Number(config.url?.split('/').pop());
    return confirmed
      ? [200, ok({ id, body: JSON.parse(config.data as string) as unknown })]
      : stepUpRequired(methods);
  });
}

/** POST /auth/step-up: `admin12345` (or code 123456) confirms; anything else is a 400. */
function serveStepUp() {
  mock.onPost('/auth/step-up').reply(async (config) => {
    stepUps.push(config);
    await sleep(5);
    const body = JSON.parse(config.data as string) as { password?: string; token?: string };
    if (body.password === 'admin12345' || body.token === '123456') {
      confirmed = true;
      return [200, ok({ validUntil: '2026-01-01T00:05:00.000Z' })];
    }
    return [
      400,
      { code: 400, message: body.password === undefined ? 'Invalid verification code' : 'Invalid password' },
    ];
  });
}

const guardedCalls = () => mock.history.put?.filter((c) => c.url?.startsWith('/manager/balances/')) ?? [];
const whenOpen = () => vi.waitFor(() => expect(stepUpPromptState().open).toBe(true));

beforeEach(() => {
  ({ mock } = setup());
  storeSession();
  stepUps = [];
  confirmed = false;
});
afterEach(() => {
  cancelStepUp();
  mock.restore();
});

describe('step-up (428)', () => {
  it('opens the prompt with the methods of the answer, confirms, and sends the original request once more', async () => {
    serveGuarded(['totp']);
    serveStepUp();
    const call = http.put<{ data: { id: number; body: unknown } }>('/balances/7', { starsBalance: 5 });
    await whenOpen();
    expect(stepUpPromptState()).toMatchObject({
      open: true,
      methods: ['totp'],
      error: null,
      submitting: false,
    });
    await stepUpPromptState().submit({ method: 'totp', token: '123456' });
    await expect(call).resolves.toMatchObject({ data: { id: 7, body: { starsBalance: 5 } } });
    expect(JSON.parse(stepUps[0]!.data as string)).toEqual({ method: 'totp', token: '123456' });
    expect(authHeader(stepUps[0]!)).toBe('Bearer old-access');
    expect(guardedCalls()).toHaveLength(2);
    expect(stepUpPromptState().open).toBe(false);
  });

  it('concurrent 428s share one prompt and one confirmation; each call is retried once', async () => {
    serveGuarded(['password']);
    serveStepUp();
    const calls = Array.from({ length: 5 }, (_, i) =>
      http.put<{ data: { id: number } }>(`/balances/${i}`, {}),
    );
    await whenOpen();
    await sleep(20); // every 428 has arrived and joined the open prompt
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.data.id)).toEqual([0, 1, 2, 3, 4]);
    expect(stepUps).toHaveLength(1);
    expect(guardedCalls()).toHaveLength(10);
  });

  it('a 428 answered after the confirmation finished is retried without asking again', async () => {
    mock.onPut('/manager/balances/1').reply(() => (confirmed ? [200, ok({ id: 1 })] : stepUpRequired()));
    // Sent before the confirmation; its 428 arrives once the prompt has closed.
    let lateAnswers = 0;
    mock.onPut('/manager/balances/2').reply(async () => {
      lateAnswers += 1;
      if (lateAnswers > 1) return [200, ok({ id: 2 })];
      await vi.waitFor(() => expect(confirmed && !stepUpPromptState().open).toBe(true));
      return stepUpRequired();
    });
    serveStepUp();
    const first = http.put('/balances/1', {});
    await whenOpen();
    const late = http.put<{ data: { id: number } }>('/balances/2', {});
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    await first;
    await expect(late).resolves.toMatchObject({ data: { id: 2 } });
    expect(lateAnswers).toBe(2);
    expect(stepUps).toHaveLength(1);
    expect(stepUpPromptState().open).toBe(false);
  });

  it('a wrong answer shows the server reason in the prompt, which stays open; the right one then goes through', async () => {
    serveGuarded(['password']);
    serveStepUp();
    const call = http.put('/balances/3', {});
    await whenOpen();
    await stepUpPromptState().submit({ method: 'password', password: 'wrong' });
    expect(stepUpPromptState()).toMatchObject({ open: true, error: 'Invalid password', submitting: false });
    expect(guardedCalls()).toHaveLength(1);
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    await expect(call).resolves.toMatchObject({ code: 200 });
    expect(stepUpPromptState()).toMatchObject({ open: false, error: null });
  });

  it('cancel rejects every waiting call with its 428 as "Confirmation cancelled", sends nothing again', async () => {
    serveGuarded(['password']);
    serveStepUp();
    const calls = [http.put('/balances/1', {}), http.put('/balances/2', {})];
    await whenOpen();
    await sleep(10);
    stepUpPromptState().cancel();
    for (const outcome of await Promise.allSettled(calls)) {
      const error = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: STEP_UP_STATUS,
        message: 'Confirmation cancelled',
        data: { message: 'Confirmation cancelled' },
      });
      expect(isStepUpError(error)).toBe(true);
    }
    expect(stepUps).toHaveLength(0);
    expect(guardedCalls()).toHaveLength(2);
    expect(stepUpPromptState().open).toBe(false);
  });

  it('a cancel reads as such in the change texts, never as a network error', async () => {
    serveGuarded();
    const texts = { failed: 'Failed to update: ', network: 'Network error occurred' };
    const withTexts = checkedCall(() => http.put('/balances/1', {}), texts);
    await whenOpen();
    stepUpPromptState().cancel();
    await expect(withTexts).rejects.toThrow(/^Confirmation cancelled$/);
    const fixed = checkedCall(() => http.put('/balances/1', {}), 'Failed to update settings');
    await whenOpen();
    stepUpPromptState().cancel();
    await expect(fixed).rejects.toThrow(/^Confirmation cancelled$/);
  });

  it('retries once only: a second 428 after the confirmation is final', async () => {
    mock.onPut('/manager/balances/1').reply(() => stepUpRequired());
    serveStepUp();
    const call = http.put('/balances/1', {});
    await whenOpen();
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    await expect(call).rejects.toMatchObject({ status: STEP_UP_STATUS, message: STEP_UP_MESSAGE });
    expect(guardedCalls()).toHaveLength(2);
    expect(stepUps).toHaveLength(1);
    expect(stepUpPromptState().open).toBe(false);
  });

  it('a 428 without step-up methods is an ordinary failure: no prompt', async () => {
    mock
      .onPut('/manager/balances/1')
      .reply(STEP_UP_STATUS, { code: STEP_UP_STATUS, message: 'Precondition Required', data: null });
    await expect(http.put('/balances/1', {})).rejects.toMatchObject({
      status: STEP_UP_STATUS,
      message: 'Precondition Required',
    });
    expect(stepUpPromptState().open).toBe(false);
    expect(guardedCalls()).toHaveLength(1);
  });

  it('the retry carries the access token a refresh stored while the prompt was open', async () => {
    const sentWith: unknown[] = [];
    mock.onPut('/manager/balances/1').reply((config) => {
      sentWith.push(authHeader(config));
      return confirmed ? [200, ok(null)] : stepUpRequired();
    });
    serveStepUp();
    const call = http.put('/balances/1', {});
    await whenOpen();
    localStorage.setItem('accessToken', 'new-access');
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    await call;
    expect(sentWith).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  it('the session ending while the prompt is open cancels it', async () => {
    serveGuarded();
    const call = http.put('/balances/1', {});
    await whenOpen();
    emitSessionEvent({ type: 'expired' });
    await expect(call).rejects.toMatchObject({ status: STEP_UP_STATUS, message: 'Confirmation cancelled' });
    expect(stepUpPromptState().open).toBe(false);
  });

  it('a network failure of the confirmation is said in the prompt', async () => {
    serveGuarded();
    mock.onPost('/auth/step-up').networkError();
    const call = http.put('/balances/1', {});
    await whenOpen();
    await stepUpPromptState().submit({ method: 'password', password: 'admin12345' });
    expect(stepUpPromptState()).toMatchObject({
      open: true,
      error: 'Network error. Please try again.',
      submitting: false,
    });
    stepUpPromptState().cancel();
    await expect(call).rejects.toThrow('Confirmation cancelled');
  });
});
