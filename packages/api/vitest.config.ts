import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // One worker per core. Vitest's default leaves one core out, which on a two-core machine
    // runs the files one at a time with the second core mostly idle. Also set by the root's
    // test:unit; here for runs of this package alone (the PostgreSQL suite).
    maxWorkers: '100%',
    // A worker imports the server once and runs its files one after another, instead of
    // importing it again for each file: importing took about 290 s of a 560 s run across 108
    // files, and 17 s without. The files share nothing a module holds: each builds its own app
    // and database (test/support), none mocks a module or changes process.env.
    isolate: false,
    // argon2 hashing and a fresh database per file make API tests slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
