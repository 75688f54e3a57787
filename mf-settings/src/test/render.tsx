import { configurePlatform } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

configurePlatform({
  apiBaseUrl: 'http://api.test',
  apiKey: 'k',
  apiKeyHeader: 'x-api-key',
  remotesManifestUrl: '/remotes.json',
  uploadsBaseUrl: 'http://api.test/uploads/',
  nftImageBaseUrl: 'http://nft.test/',
  remoteOverrideOrigins: [],
  remotesCheckSeconds: 180,
});

/** Renders with a fresh query client (no retries), as the shell's provider would; `client` is it. */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}
