import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // No federation under test: shared packages resolve straight from node_modules.
        plugins: [react()],
        // The shell's own build (@manager/vite-config's buildInfo) as the tests see it.
        define: {
          __CONSOLE_BUILD__: JSON.stringify({
            name: 'shell',
            version: '0.1.0',
            commit: 'test',
            builtAt: '2026-01-01T00:00:00.000Z',
            shared: { '@manager/ui': '0.6.0', '@manager/platform': '0.5.0', react: '19.3.1' },
          }),
        },
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
    ],
  },
});
