import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { calls, STEP_UP_MESSAGE, STEP_UP_STATUS } from '@manager/contract';
import { createRecordCounter, ERROR_MESSAGES, toast, useAuthStore, useCsvExport } from '../src';
import { cancelStepUp, stepUpPromptState } from '../src/step-up/prompt-store';
import { admin, API, ok, setup, storeSession } from './helpers';

describe('createRecordCounter', () => {
  const count = (...pieces: string[]) => {
    const counter = createRecordCounter();
    for (const piece of pieces) counter.push(piece);
    return counter.total;
  };

  it('counts records ended by CRLF or LF, the last one with or without its line break', () => {
    expect(count('a,b\r\n1,2\r\n3,4\r\n')).toBe(3);
    expect(count('a,b\n1,2\n3,4')).toBe(3);
    expect(count('\ufeffa,b\r\n')).toBe(1);
    expect(count('')).toBe(0);
  });

  it('keeps line breaks and doubled quotes inside quoted fields in their record, across pieces', () => {
    expect(count('name,note\r\n"line one\r\nline two",x\r\n"say ""hi""\n",y\r\n')).toBe(3);
    expect(count('name,note\r\n"line one\r', '\nline', ' two",x\r', '\n"a""', '""b",y')).toBe(3);
  });

  it('counts only ended records while the text is still arriving', () => {
    const counter = createRecordCounter();
    counter.push('h\r\n1\r\n2');
    expect(counter.ended).toBe(2);
    expect(counter.total).toBe(3);
  });
});

/** A fetch answer whose body arrives in the given pieces, each after the test releases it. */
function streamed(pieces: string[], status = 200) {
  const encoder = new TextEncoder();
  let release: () => void = () => {};
  let index = 0;
  let stopped = false;
  let fail: (error: unknown) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      fail = (error) => {
        controller.error(error);
        release();
      };
    },
    async pull(controller) {
      if (index > 0) await new Promise<void>((resolve) => (release = resolve));
      if (index >= pieces.length) return controller.close();
      if (stopped) return;
      controller.enqueue(encoder.encode(pieces[index++]!));
    },
  });
  return {
    response: { ok: status < 300, status, body, json: async () => JSON.parse(pieces.join('')) as unknown },
    next: () => release(),
    fail: (error: unknown) => {
      stopped = true;
      fail(error);
    },
  };
}

/** A fetch answer whose whole body is there at once. */
function whole(text: string, status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return { ok: status < 300, status, body, json: async () => JSON.parse(text) as unknown };
}

describe('useCsvExport', () => {
  let mock: MockAdapter;
  let saved: Array<{ name: string; text: Promise<string> }>;
  const fetchMock = vi.fn();

  beforeEach(() => {
    ({ mock } = setup());
    storeSession('access-1', 'refresh-1');
    saved = [];
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: blob!.text() });
    });
  });
  afterEach(() => {
    mock.restore();
    vi.unstubAllGlobals();
  });

  const query = {
    page: 3,
    limit: 20,
    search: 'ann',
    currency: undefined,
    from: new Date('2026-05-01T00:00:00Z'),
  };

  it('streams the export of the list query (no page or limit) with the client headers, counts rows as they come, then saves <list>-<date>.csv', async () => {
    const file = streamed(['\ufeffid,name\r\n1,"Ann\r\nLee"\r\n', '2,Bo', 'b\r\n3,"say ""hi"""\r\n']);
    fetchMock.mockResolvedValueOnce(file.response);
    const { result } = renderHook(() => useCsvExport(calls.exportShopOrders, query));
    act(() => result.current.start());
    expect(result.current.running).toBe(true);
    await waitFor(() => expect(result.current.rows).toBe(1));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(`${API}/manager/shop-orders/export?search=ann&from=2026-05-01T00%3A00%3A00.000Z`);
    const headers = init.headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('x-api-key')).toBe('default-key');
    act(() => file.next());
    await waitFor(() => expect(result.current.rows).toBe(1));
    act(() => file.next());
    await waitFor(() => expect(result.current.rows).toBe(3));
    act(() => file.next());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.rows).toBe(3);
    expect(result.current.error).toBeNull();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(saved.map((s) => s.name)).toEqual([`shop-orders-${day}.csv`]);
    expect(await saved[0]!.text).toBe('\ufeffid,name\r\n1,"Ann\r\nLee"\r\n2,Bob\r\n3,"say ""hi"""\r\n');
  });

  it('Cancel stops the download: no file, no error', async () => {
    const file = streamed(['id\r\n1\r\n', '2\r\n']);
    // As fetch does: an abort errors the body being read.
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
      init.signal!.addEventListener('abort', () =>
        file.fail(new DOMException('The operation was aborted.', 'AbortError')),
      );
      return Promise.resolve(file.response);
    });
    const { result } = renderHook(() => useCsvExport(calls.exportUsers, {}));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.rows).toBe(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(saved).toEqual([]);
    expect(result.current.error).toBeNull();
  });

  it("shows the API's message when the export is refused", async () => {
    const error = vi.spyOn(toast, 'error');
    fetchMock.mockResolvedValueOnce(
      whole(JSON.stringify({ code: 400, message: 'currency: Invalid option' }), 400),
    );
    const { result } = renderHook(() => useCsvExport(calls.exportShopOrders, { currency: 'GOLD' }));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.error?.message).toBe('currency: Invalid option');
    expect(result.current.error?.status).toBe(400);
    expect(error).toHaveBeenCalledWith('currency: Invalid option');
    expect(saved).toEqual([]);
  });

  it('renews an expired access token through the client, then asks again with the new one', async () => {
    fetchMock.mockResolvedValueOnce(whole('{"code":401,"message":"Token expired"}', 401));
    fetchMock.mockResolvedValueOnce(whole('id\r\n7\r\n'));
    mock.onHead('/manager/users/export').replyOnce(401, { code: 401, message: 'Token expired' });
    mock
      .onPost('/auth/refresh-token')
      .replyOnce(200, ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }));
    mock.onHead('/manager/users/export').replyOnce(200);
    useAuthStore.setState({ isAuthenticated: true, loading: false, admin });
    const { result } = renderHook(() => useCsvExport(calls.exportUsers, { search: 'x' }));
    act(() => result.current.start());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.error?.message ?? null).toBeNull();
    expect(((fetchMock.mock.calls[1]![1] as RequestInit).headers as Headers).get('authorization')).toBe(
      'Bearer access-2',
    );
    expect(result.current.rows).toBe(1);
    expect(saved).toHaveLength(1);
  });

  describe('an export refused for a step-up (428)', () => {
    const stepUpRequired = () =>
      whole(
        JSON.stringify({
          code: STEP_UP_STATUS,
          message: STEP_UP_MESSAGE,
          data: { stepUp: { methods: ['password'] } },
        }),
        STEP_UP_STATUS,
      );
    const whenOpen = () => waitFor(() => expect(stepUpPromptState().open).toBe(true));
    afterEach(() => cancelStepUp());

    it('opens the "Confirm it\'s you" prompt; once confirmed it asks again and saves the file', async () => {
      fetchMock.mockResolvedValueOnce(stepUpRequired());
      fetchMock.mockResolvedValueOnce(whole('id\r\n7\r\n8\r\n'));
      mock.onPost('/auth/step-up').replyOnce(200, ok({ validUntil: '2026-01-01T00:05:00.000Z' }));
      const { result } = renderHook(() => useCsvExport(calls.exportUsers, {}));
      act(() => result.current.start());
      await whenOpen();
      expect(stepUpPromptState().methods).toEqual(['password']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(() => stepUpPromptState().submit({ method: 'password', password: 'admin12345' }));
      await waitFor(() => expect(result.current.running).toBe(false));
      expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({
        method: 'password',
        password: 'admin12345',
      });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(result.current.error).toBeNull();
      expect(result.current.rows).toBe(2);
      expect(saved).toHaveLength(1);
    });

    it('a cancelled prompt saves nothing and says so', async () => {
      const error = vi.spyOn(toast, 'error');
      fetchMock.mockResolvedValueOnce(stepUpRequired());
      const { result } = renderHook(() => useCsvExport(calls.exportWithdrawals, {}));
      act(() => result.current.start());
      await whenOpen();
      act(() => cancelStepUp());
      await waitFor(() => expect(result.current.running).toBe(false));
      expect(result.current.error).toMatchObject({
        status: STEP_UP_STATUS,
        message: ERROR_MESSAGES.stepUpCancelled,
      });
      expect(error).toHaveBeenCalledWith(ERROR_MESSAGES.stepUpCancelled);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(saved).toEqual([]);
    });

    it('after an expired token: the renewing HEAD may meet the 428 too (no body); the export still prompts once, then saves', async () => {
      fetchMock.mockResolvedValueOnce(whole('{"code":401,"message":"Token expired"}', 401));
      fetchMock.mockResolvedValueOnce(stepUpRequired());
      fetchMock.mockResolvedValueOnce(whole('id\r\n7\r\n'));
      mock.onHead('/manager/users/export').replyOnce(401, { code: 401, message: 'Token expired' });
      mock
        .onPost('/auth/refresh-token')
        .replyOnce(200, ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }));
      mock.onHead('/manager/users/export').replyOnce(STEP_UP_STATUS);
      mock.onPost('/auth/step-up').replyOnce(200, ok({ validUntil: '2026-01-01T00:05:00.000Z' }));
      useAuthStore.setState({ isAuthenticated: true, loading: false, admin });
      const { result } = renderHook(() => useCsvExport(calls.exportUsers, {}));
      act(() => result.current.start());
      await whenOpen();
      await act(() => stepUpPromptState().submit({ method: 'password', password: 'admin12345' }));
      await waitFor(() => expect(result.current.running).toBe(false));
      expect(result.current.error).toBeNull();
      expect(((fetchMock.mock.calls[2]![1] as RequestInit).headers as Headers).get('authorization')).toBe(
        'Bearer access-2',
      );
      expect(saved).toHaveLength(1);
    });
  });
});
