import { defineConfig } from 'vitest/config';

// Three projects so `npm test` can run them in order and each has its own budget:
// unit (pure, fast), integration (against the local cloud), infra (CDK synth + assertions).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'infra/local/**/*.test.ts',
            'infra/content/**/*.test.ts',
            'infra/config/**/*.test.ts',
            'infra/operator/**/*.test.ts',
            'infra/finance/**/*.test.ts',
            'infra/cost/**/*.test.ts',
            'tests/repo/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/powertools-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/powertools-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['shared/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
