import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // argon2 hashing and a fresh database per file make API tests slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
