import { defineConfig } from 'vitest/config';

// Build configuration: plain Node, no browser globals.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], environment: 'node' } });
