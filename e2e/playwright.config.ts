import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built app served by the real server on a fresh data folder (embedded
 * database, demo content seeded at start), in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Set once by the runner; its workers inherit it, so the tests can read the server's mail outbox.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `printmarket-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        // WebGL without a GPU (the 3D viewer): ANGLE on SwiftShader, Chromium's software renderer.
        '--use-gl=angle',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node --enable-source-maps apps/api/dist/server.js`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Playwright starts the server in a process group of its own and ends the group: SIGTERM first
    // (the server closes its database), SIGKILL when it has not ended after 10 s.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // A limit that catches a hang: a first start creates the embedded database and seeds the demo
    // content (seconds; the demo previews render after the server listens).
    timeout: 300_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      LOGIN_MAX_FAILURES: '50',
      // Every test signs up people of its own from one address: more than a real person's hour.
      SIGNUP_MAX_PER_HOUR: '1000',
      // The operator of e2e/tests/admin.spec.ts, once its address is confirmed.
      ADMIN_EMAILS: 'operator@example.com, judge@example.com, cashier@example.com',
    },
  },
});
