import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/api/src/**/*.test.ts',
            'bench/lib/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/group-orders/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/**/*.integration.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // two cores: a few files at a time, each on its own database
          maxWorkers: 2,
          // a worker keeps the imported API between files (196 s to 110 s): every file builds its own
          // app on its own database, so an integration test must not vi.mock modules or change process.env
          // (scripts/integration-isolation.test.mjs checks it)
          isolate: false,
        },
      },
      {
        test: {
          // npm run test:faults: real processes killed on purpose (docs/decisions/013-faults.md)
          name: 'faults',
          include: ['apps/api/test/faults/**/*.faults.test.ts'],
          // the in-process tests (payments, mail, PDF) clone a database like the integration suite
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
