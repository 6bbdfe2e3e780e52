import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One vitest run, several kinds of test. Integration and contract tests talk to the real
 * PostgreSQL, NATS and Redis; each file isolates itself (own database, bus prefix, Redis prefix).
 *
 * A time limit is there to catch a hang, not to judge speed: each project's is one a machine
 * with both cores taken by other work never reaches (a screen test there takes seconds, not the
 * 5 s vitest allows by default). No test or group sets a shorter one of its own.
 */
const hang = { ui: 120_000, unit: 120_000, integration: 300_000, contract: 300_000 };
export default defineConfig({
  test: {
    // Two cores: two test files at a time across every project.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'services/*/scripts/**/*.test.ts', 'bff/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The ui-kit's tests need a DOM; they run in the ui project. The replicas test has its own.
          exclude: ['packages/ui-kit/**', 'scripts/replicas/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: hang.unit,
          hookTimeout: hang.unit,
        },
      },
      {
        plugins: [react()],
        // One router for screens and the server render (build/render-page.tsx imports 'react-router'):
        // Node loads react-router-dom, whose own import of react-router lands on its CommonJS copy.
        resolve: { alias: [{ find: /^react-router$/, replacement: 'react-router-dom' }] },
        test: {
          name: 'ui',
          include: ['frontends/*/src/**/*.test.{ts,tsx}', 'packages/ui-kit/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./packages/ui-kit/test-setup.ts'],
          testTimeout: hang.ui,
          hookTimeout: hang.ui,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/*/test/**/*.test.ts', 'bff/test/**/*.test.ts', 'packages/server-kit/test/**/*.test.ts'],
          exclude: ['**/*.pact.test.ts'],
          environment: 'node',
          testTimeout: hang.integration,
          hookTimeout: hang.integration,
          pool: 'forks',
        },
      },
      {
        // Real processes under faults (a NATS cluster and two replicas of each service; payments and its gateway on a broker of their own): run on its own, after the integration tests.
        test: {
          name: 'replicas',
          include: ['scripts/replicas/**/*.test.ts'],
          environment: 'node',
          // Hang catchers: booting nine processes on a busy machine takes minutes, the events' settling up to 150 s.
          testTimeout: 600_000,
          hookTimeout: 600_000,
          pool: 'forks',
          // The replicas test and the payment faults test each boot their own processes: one at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'contract-consumer',
          include: ['**/contract/**/*.consumer.pact.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          setupFiles: ['./packages/server-kit/src/pact-consumer-setup.ts'],
          testTimeout: hang.contract,
          hookTimeout: hang.contract,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'contract-provider',
          include: ['**/contract/**/*.provider.pact.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: hang.contract,
          hookTimeout: hang.contract,
          fileParallelism: false,
        },
      },
    ],
  },
});
