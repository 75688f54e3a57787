import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { startAuthentication } from '@simplewebauthn/browser';
import { STEP_UP_MESSAGE, STEP_UP_STATUS } from '@manager/contract';
import { http, PASSKEY_MESSAGES } from '../src';
import { cancelStepUp, stepUpPromptState } from '../src/step-up/prompt-store';
import { authHeader, ok, setup, storeSession } from './helpers';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

let mock: MockAdapter;
let confirmed: boolean;
const options = { challenge: 'c3RlcC11cA', rpId: 'localhost', userVerification: 'required' };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { signature: 'sig' },
  clientExtensionResults: {},
};
const notAllowed = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
const whenOpen = () => vi.waitFor(() => expect(stepUpPromptState().open).toBe(true));
const posts = () => mock.history.post!.map((r) => r.url);

beforeEach(() => {
  ({ mock } = setup());
  storeSession();
  confirmed = false;
  vi.mocked(startAuthentication)
    .mockReset()
    .mockResolvedValue(assertion as never);
  mock
    .onPut('/manager/balances/7')
    .reply(() =>
      confirmed
        ? [200, ok({ id: 7 })]
        : [
            STEP_UP_STATUS,
            { code: STEP_UP_STATUS, message: STEP_UP_MESSAGE, data: { stepUp: { methods: ['passkey'] } } },
          ],
    );
  mock.onPost('/auth/step-up/passkey/options').reply(200, ok(options));
  mock.onPost('/auth/step-up/passkey').reply((config) => {
    const body = JSON.parse(config.data as string) as { response?: { id?: string } };
    if (body.response?.id !== 'cred-1') return [400, { code: 400, message: 'Invalid verification code' }];
    confirmed = true;
    return [200, ok({ validUntil: '2026-01-01T00:05:00.000Z' })];
  });
});
afterEach(() => {
  cancelStepUp();
  mock.restore();
});

describe('step-up with a passkey', () => {
  it('options for this session, the browser signs them, the server confirms; the call is sent again', async () => {
    const call = http.put<{ data: { id: number } }>('/balances/7', { tonBalance: 1 });
    await whenOpen();
    expect(stepUpPromptState().methods).toEqual(['passkey']);
    await stepUpPromptState().submit({ method: 'passkey' });
    await expect(call).resolves.toMatchObject({ data: { id: 7 } });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(posts()).toEqual(['/auth/step-up/passkey/options', '/auth/step-up/passkey']);
    const [optionsCall, confirmCall] = mock.history.post!;
    expect(JSON.parse(confirmCall!.data as string)).toEqual({ response: assertion });
    // Both are calls of the signed-in session.
    expect(authHeader(optionsCall!)).toBe('Bearer old-access');
    expect(authHeader(confirmCall!)).toBe('Bearer old-access');
    expect(stepUpPromptState().open).toBe(false);
  });

  it('a cancelled prompt shows why and keeps the prompt open; the next try confirms', async () => {
    vi.mocked(startAuthentication).mockRejectedValueOnce(notAllowed());
    const call = http.put('/balances/7', {});
    await whenOpen();
    await stepUpPromptState().submit({ method: 'passkey' });
    expect(stepUpPromptState()).toMatchObject({
      open: true,
      error: PASSKEY_MESSAGES.cancelled,
      submitting: false,
    });
    expect(posts()).toEqual(['/auth/step-up/passkey/options']);
    await stepUpPromptState().submit({ method: 'passkey' });
    await expect(call).resolves.toMatchObject({ code: 200 });
  });

  it("the server's refusal shows in the prompt; Cancel fails the waiting call as not confirmed", async () => {
    vi.mocked(startAuthentication).mockResolvedValueOnce({ ...assertion, id: 'other' } as never);
    const call = http.put('/balances/7', {});
    await whenOpen();
    await stepUpPromptState().submit({ method: 'passkey' });
    expect(stepUpPromptState()).toMatchObject({ open: true, error: 'Invalid verification code' });
    stepUpPromptState().cancel();
    await expect(call).rejects.toMatchObject({ status: STEP_UP_STATUS, message: 'Confirmation cancelled' });
  });
});
