import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No federation here: pages are tested directly, shared packages resolve from node_modules.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    // The first lazy page import transforms antd on a shared 2-core machine.
    testTimeout: 20_000,
  },
});
