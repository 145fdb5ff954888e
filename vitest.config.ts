import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'packages/*/src/**/*.test.ts',
      'tests/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // One migrated database template per run; each test database starts from it.
    globalSetup: ['server/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite and argon2 are CPU-bound; two cores do better with few files at once.
    maxWorkers: 2,
  },
});
