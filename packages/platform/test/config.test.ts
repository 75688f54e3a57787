import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurePlatform, getRuntimeConfig, loadRuntimeConfig, resolveApiKey } from '../src';
import { testConfig } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const serve = (body: string, init: ResponseInit = { status: 200 }) => {
  const fetchMock = vi.fn(async () => new Response(body, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('loadRuntimeConfig', () => {
  it('fetches /config.json without cache and fills defaults', async () => {
    const fetchMock = serve(
      JSON.stringify({
        apiBaseUrl: 'http://localhost:3000',
        apiKey: 'k',
        uploadsBaseUrl: '/u/',
        nftImageBaseUrl: '/n/',
      }),
    );
    const config = await loadRuntimeConfig();
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(config).toMatchObject({ apiKeyHeader: 'x-api-key', remotesManifestUrl: '/remotes.json' });
  });

  it('names the invalid field', async () => {
    serve(
      JSON.stringify({ apiBaseUrl: 'not a url', apiKey: 'k', uploadsBaseUrl: '/u/', nftImageBaseUrl: '/n/' }),
    );
    await expect(loadRuntimeConfig('/env/config.json')).rejects.toThrow(
      /Invalid runtime config at \/env\/config.json: apiBaseUrl/,
    );
  });

  it('reports HTTP failures and non-JSON files clearly', async () => {
    serve('missing', { status: 404, statusText: 'Not Found' });
    await expect(loadRuntimeConfig()).rejects.toThrow(
      'Cannot load runtime config from /config.json: HTTP 404 Not Found',
    );
    serve('<html>');
    await expect(loadRuntimeConfig()).rejects.toThrow('Runtime config at /config.json is not valid JSON');
  });
});

describe('configure and resolve', () => {
  it('getRuntimeConfig throws until configurePlatform was called, then returns that config', () => {
    expect(() => getRuntimeConfig()).toThrow(/Platform is not configured/);
    configurePlatform(testConfig);
    expect(getRuntimeConfig()).toBe(testConfig);
  });

  it('apiKeysByHost wins, else apiKey', () => {
    expect(resolveApiKey(testConfig, 'manager.example.com')).toBe('prod-key');
    expect(resolveApiKey(testConfig, 'localhost')).toBe('default-key');
    expect(resolveApiKey({ ...testConfig, apiKeysByHost: undefined }, 'manager.example.com')).toBe(
      'default-key',
    );
  });
});
