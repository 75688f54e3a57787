import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../src';
import { installFakeXhr } from './fake-xhr';
import { setup } from './helpers';

// No axios-mock-adapter here: axios' own XHR adapter decides the final headers.
let fake: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  setup().mock.restore();
  localStorage.setItem('accessToken', 'tok-1');
  fake = installFakeXhr(() => ({ status: 200, body: '{"code":200,"message":"OK","data":null}' }));
});
afterEach(() => fake.restore());

describe('what the browser is asked to send', () => {
  it('multipart: the FormData itself and no Content-Type (the browser adds the boundary)', async () => {
    const form = new FormData();
    form.append('titleEn', 'Follow us');
    await http.post('/tasks', form);
    const [req] = fake.sent;
    expect(req?.url).toBe('http://api.test/manager/tasks');
    expect(req?.body).toBe(form);
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(req?.headers['x-api-key']).toBe('default-key');
  });

  it('JSON bodies as JSON text with a JSON Content-Type', async () => {
    await http.put('/users/42/balances', { tonBalance: 1.5 });
    expect(fake.sent[0]?.headers['content-type']).toBe('application/json');
    expect(fake.sent[0]?.body).toBe('{"tonBalance":1.5}');
  });

  it('an empty body carries no Content-Type', async () => {
    await http.patch('/loot-boxes/3/toggle-status');
    expect(fake.sent[0]?.headers['content-type']).toBeUndefined();
  });
});
