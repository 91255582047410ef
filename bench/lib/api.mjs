import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { guardEmbeddedServer } from './embedded-db.mjs';
import { postMultipart } from './http-stream.mjs';
import { requestJson } from './net.mjs';
import { runNode } from './proc.mjs';
import { startServer } from './servers.mjs';
import { makeTempDir } from './suite.mjs';

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

/** The built web app the API serves, and its server render. */
export const WEB_INDEX_HTML = path.join(ROOT, 'apps/web/dist/index.html');
export const WEB_SERVER_RENDER_DIR = path.join(ROOT, 'apps/web/dist-ssr');

/** Throws a clear message when the web app or its server render is not built. */
export function assertWebBuilt() {
  for (const file of [WEB_INDEX_HTML, WEB_SERVER_RENDER_DIR]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
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
 * Environment for the API's seed and server processes on one engine (a fresh JWT secret unless
 * one is given).
 * @param {{ dataDir: string, databaseUrl?: string, jwtSecret?: string }} target
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
    JWT_SECRET: target.jwtSecret ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
}

/**
 * `node apps/api/dist/seed.js --designs N` on an empty database; without `designs`, the demo
 * catalogue as it is (its creators and designs, each once).
 * @param {{ env: NodeJS.ProcessEnv, designs?: number, timeoutMs: number, signal?: AbortSignal }} options
 * @returns {Promise<{ seconds: number, output: string }>}
 */
export async function seedDatabase(options) {
  const count = options.designs === undefined ? [] : ['--designs', String(options.designs)];
  const { ms, output } = await runNode('seed', [SEED_JS, ...count], {
    cwd: ROOT,
    env: options.env,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  return { seconds: Math.round(ms / 100) / 10, output: output.trim() };
}

/**
 * Starts the built API (`node apps/api/dist/server.js`) and waits until /api/health answers.
 * @param {object} options
 * @param {NodeJS.ProcessEnv} options.env from apiEnv
 * @param {string} options.engine the database engine, for the server's label
 * @param {import('./resources.mjs').Scope} options.scope stops the server
 * @param {AbortSignal} [options.signal]
 * @param {(line: string) => void} [options.log] told where and after how long it listens
 * @param {number} [options.timeoutMs] how long it may take to answer (default 60 s)
 * @param {number} [options.port] default: a free one
 */
export async function startApi(options) {
  const api = await startServer({
    port: options.port,
    label: `API server (${options.engine})`,
    script: SERVER_JS,
    cwd: ROOT,
    env: options.env,
    readyPath: '/api/health',
    resources: options.scope,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  options.log?.(`API listening on ${api.baseUrl} after ${Math.round(api.startupMs)} ms`);
  return api;
}

/**
 * Registers a fresh user and returns its token.
 * @param {string} baseUrl
 */
export async function registerUser(baseUrl) {
  const id = randomBytes(5).toString('hex');
  const { status, body } = await requestJson(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    body: {
      username: `bench${id}`,
      name: 'Bench User',
      email: `bench-${id}@example.com`,
      password: randomBytes(12).toString('hex'),
    },
  });
  if (status !== 201 || typeof body?.token !== 'string') {
    throw new Error(`POST /api/auth/register answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return /** @type {string} */ (body.token);
}

/**
 * A temporary folder for a suite's files with the API's DATA_DIR inside it: one disk, so the
 * server's writes and reads compare fairly with the suite's own. The API's embedded database
 * server in it is checked to be stopped before the folder is removed.
 * @param {import('./resources.mjs').Scope} scope removes the folder
 * @param {string} name
 */
export async function makeDataDir(scope, name) {
  const dir = await makeTempDir(scope, name);
  const dataDir = path.join(dir, 'data');
  await fs.promises.mkdir(dataDir);
  guardEmbeddedServer(scope, dataDir);
  return { dir, dataDir };
}

/**
 * POST /api/designs/upload as a browser sends it (multipart, files streamed from disk); throws
 * unless the design was created.
 * @param {string} baseUrl
 * @param {Omit<Parameters<typeof postMultipart>[0], 'url'>} options
 * @param {string} [what] names the upload in the error
 */
export async function uploadDesign(baseUrl, options, what = 'POST /api/designs/upload') {
  const up = await postMultipart({ url: `${baseUrl}/api/designs/upload`, ...options });
  if (up.status !== 201 || typeof up.body?.design?.id !== 'string') {
    throw new Error(`${what} answered ${up.status}: ${JSON.stringify(up.body).slice(0, 300)}`);
  }
  return { ...up, designId: /** @type {string} */ (up.body.design.id) };
}
