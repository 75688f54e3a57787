import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // No federation under test: shared packages resolve straight from node_modules.
        plugins: [react()],
        test: {
          name: 'shell',
          include: ['src/**/*.test.{ts,tsx}'],
          // The first page of a file pulls all of antd through @manager/ui (cold transform: seconds).
          testTimeout: 20_000,
          environment: 'happy-dom',
          globals: false,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        // The build config at the repository's root (vite.federation-chunks.ts): plain Node.
        test: { name: 'build-config', root: '..', include: ['vite.*.test.ts'], environment: 'node' },
      },
    ],
  },
});
