import fs from 'node:fs';
import path from 'node:path';
import { runNode } from './proc.mjs';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_JS = path.join(ROOT, 'apps/api/dist/server.js');
export const SEED_JS = path.join(ROOT, 'apps/api/dist/seed.js');

/** Throws a clear message when the API bundle is missing. */
export function assertApiBuilt() {
  for (const file of [SERVER_JS, SEED_JS]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(ROOT, file)} is missing: run \`npm run build -w @printmarket/api\` first`,
      );
    }
  }
}

/**
 * Settings that could send the server's data or traffic elsewhere (S3, Google, another database)
 * are never passed on from the harness's environment.
 */
const DROPPED =
  /^(DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_URL|SEED_DEMO|LOG_LEVEL|JWT_SECRET|WEB_DIST_DIR|TRUST_PROXY|NODE_ENV|S3_.*|GOOGLE_.*|OIDC_.*|(BENCH|TEST)_DATABASE_URL)$/;

/**
 * Environment for the API's seed and server processes on one engine.
 * @param {{ dataDir: string, databaseUrl?: string, jwtSecret: string }} target
 * @returns {NodeJS.ProcessEnv}
 */
export function apiEnv(target) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!DROPPED.test(key)) env[key] = value;
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    JWT_SECRET: target.jwtSecret,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
}

/**
 * `node apps/api/dist/seed.js --designs N` on an empty database.
 * @param {{ env: NodeJS.ProcessEnv, designs: number, timeoutMs: number, signal?: AbortSignal }} options
 * @returns {Promise<{ seconds: number, output: string }>}
 */
export async function seedDatabase(options) {
  const { ms, output } = await runNode('seed', [SEED_JS, '--designs', String(options.designs)], {
    cwd: ROOT,
    env: options.env,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  return { seconds: Math.round(ms / 100) / 10, output: output.trim() };
}
