import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Projects with different worker counts must run as separate groups.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts', 'test/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/database-setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel pairs, each in its own fresh company.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/server-setup.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page still loading its chunks on a busy machine is not a failure: poll for longer.
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
