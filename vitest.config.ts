import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

/** The web app's `@/` import alias (see apps/web/vite.config.ts). */
const webAlias = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) },
  ...preactAliases,
];
/**
 * Packages that import React go through Vitest's transform, so the aliases above reach their
 * imports too (a package left to Node would load React itself).
 */
const reactPackages = { deps: { inline: [/@tanstack\/react-query/, /react-router/, /react-hook-form/] } };
/** Their ES module builds (the CommonJS ones `require` React, which no alias reaches). */
const esmConditions = ['module', 'import', 'development'];

/**
 * Unit tests are `*.test.ts` (the web app's in a project of their own, `web`, which runs React's
 * imports on Preact as the app does). The web app's interaction tests are `*.dom.test.tsx`: they render
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
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/mesh/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        // The web app's own tests outside a browser: its logic and the markup its server renders.
        resolve: { alias: webAlias },
        ssr: { resolve: { conditions: esmConditions } },
        test: {
          name: 'web',
          server: reactPackages,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.dom.test.tsx', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: webAlias, conditions: esmConditions },
        test: {
          name: 'dom',
          server: reactPackages,
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
