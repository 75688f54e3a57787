import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No federation here: pages are tested directly, shared packages resolve from node_modules.
export default defineConfig({
  plugins: [react()],
  // The first page of a file pulls all of antd through @manager/ui (cold transform: seconds).
  test: {
    testTimeout: 20_000,
    environment: 'happy-dom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
  },
});
