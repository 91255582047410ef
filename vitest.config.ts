import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's `@/` import alias (see apps/web/vite.config.ts). */
const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }];

/**
 * Unit tests are `*.test.ts`. The web app's interaction tests are `*.dom.test.tsx`: they render
 * screens into jsdom and drive them as a person would (Testing Library). API integration tests are
 * `*.int.test.ts`: each file gets a database of its own on PostgreSQL, the server of
 * TEST_DATABASE_URL when it is set, else an embedded server the global setup starts for the run.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. Integration
    // tests spend most of their time waiting on PostgreSQL and the disk, so one worker per core
    // (at least two) keeps the cores busy: the PostgreSQL integration tests took 131 s instead of
    // 204 s on two cores.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias: webAlias },
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.dom.test.tsx', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'dom',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts'],
          globalSetup: ['apps/api/src/test/embedded-test-server.ts'],
          pool: 'forks',
          // Limits that catch a hang, not budgets.
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
