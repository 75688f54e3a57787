import { configurePlatform } from '@manager/platform';
import { vi } from 'vitest';

const API = 'http://api.test';

/**
 * A list's CSV export answered by a stream the test feeds (`send`, then `end`), and the URL the
 * console asked for (`url()`). The file is "saved" through a stubbed object URL.
 */
export function stubCsvExport() {
  configurePlatform({
    apiBaseUrl: API,
    apiKey: 'key',
    apiKeysByHost: {},
    apiKeyHeader: 'x-api-key',
    remotesManifestUrl: '/remotes.json',
    uploadsBaseUrl: `${API}/uploads/`,
    nftImageBaseUrl: 'https://nft.test/',
    remoteOverrideOrigins: [],
    remotesCheckSeconds: 180,
  });
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } }));
  const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    fetch,
    saved,
    url: () => new URL(String(fetch.mock.lastCall?.[0])),
    send: (text: string) => feed.enqueue(new TextEncoder().encode(text)),
    end: () => feed.close(),
  };
}
