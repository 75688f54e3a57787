import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // One test builds mf-settings for real (vite, a few seconds on a busy machine).
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
