import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // The first render pulls all of antd through @manager/ui (cold transform: seconds).
  test: {
    testTimeout: 20_000,
    environment: 'happy-dom',
    // A page URL (not about:blank), so the harness's BrowserRouter can navigate.
    environmentOptions: { happyDOM: { url: 'http://localhost:4174/' } },
    globals: false,
  },
});
