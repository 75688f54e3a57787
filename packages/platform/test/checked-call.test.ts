import { describe, expect, it } from 'vitest';
import { ApiError, checkedCall, failureError } from '../src';

const texts = { failed: 'Failed to add task: ', network: 'Network error occurred while adding task' };
const refused = new ApiError('HTTP 400: Bad Request', {
  status: 400,
  data: { code: 400, message: 'titleEn: required' },
});

describe('checkedCall', () => {
  it('resolves the envelope of a code-200 answer', async () => {
    await expect(checkedCall(async () => ({ code: 200, data: 1 }), texts)).resolves.toEqual({
      code: 200,
      data: 1,
    });
  });

  it('a 2xx answer with another code fails with the server message, else Unknown error', async () => {
    await expect(checkedCall(async () => ({ code: 500, message: 'boom' }), texts)).rejects.toThrow(
      'Failed to add task: boom',
    );
    await expect(checkedCall(async () => ({ code: 500, message: ' ' }), texts)).rejects.toThrow(
      'Failed to add task: Unknown error',
    );
    await expect(checkedCall(async () => undefined, texts)).rejects.toThrow(
      'Failed to add task: Unknown error',
    );
  });

  it('a rejection names the server message, else the error message; no answer is the network text', async () => {
    await expect(checkedCall(() => Promise.reject(refused), texts)).rejects.toThrow(
      'Failed to add task: titleEn: required',
    );
    await expect(
      checkedCall(() => Promise.reject(new ApiError('HTTP 502: Bad Gateway', { status: 502 })), texts),
    ).rejects.toThrow('Failed to add task: HTTP 502: Bad Gateway');
    await expect(checkedCall(() => Promise.reject(new ApiError('Network Error')), texts)).rejects.toThrow(
      'Network error occurred while adding task',
    );
    await expect(checkedCall(() => Promise.reject(new Error('')), texts)).rejects.toThrow(
      'Failed to add task: Unknown error',
    );
  });

  it('a fixed text stands for every failure and keeps the cause', async () => {
    await expect(
      checkedCall(async () => ({ code: 500, message: 'boom' }), 'Failed to start mailing'),
    ).rejects.toThrow(new Error('Failed to start mailing'));
    const error = failureError(refused, 'Failed to start mailing');
    expect(error.message).toBe('Failed to start mailing');
    expect(error.cause).toBe(refused);
  });
});
