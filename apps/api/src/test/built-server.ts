import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerBundle = { serverFile: string; workerFile: string; dispose: () => Promise<void> };

/**
 * The server and its preview worker bundled as apps/api/build.mjs does, for tests that run the
 * real process (kill it, start it again). The bundle lies under apps/api/.test-build so that its
 * external packages resolve from the workspace's node_modules.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const dir = path.join(API_ROOT, '.test-build', randomBytes(6).toString('hex'));
  await mkdir(dir, { recursive: true });
  await build({
    entryPoints: {
      server: path.join(API_ROOT, 'src/server.ts'),
      'preview-worker': path.join(API_ROOT, 'src/lib/stl-render/preview-worker.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@printmarket/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return {
    serverFile: path.join(dir, 'server.mjs'),
    workerFile: path.join(dir, 'preview-worker.mjs'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The production bundle itself: apps/api/build.mjs (what `npm start` runs, with its bundled
 * packages and the demo pictures beside it) writing to a folder of the test's own under
 * apps/api/.test-build, where its external packages resolve from the workspace's node_modules.
 */
export async function buildProductionServer(): Promise<ServerBundle> {
  const dir = path.join(API_ROOT, '.test-build', randomBytes(6).toString('hex'));
  await promisify(execFile)(process.execPath, ['build.mjs', `--outdir=${dir}`], { cwd: API_ROOT });
  return {
    serverFile: path.join(dir, 'server.js'),
    workerFile: path.join(dir, 'preview-worker.js'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

export type RunningServer = {
  url: string;
  proc: ChildProcess;
  /** Output so far (for failure messages). */
  output: () => string;
  /**
   * Sends `signal` to the server's process group and waits for the server to end; SIGKILL follows
   * when it has not ended 10 s after another signal.
   */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the bundled server on a free 127.0.0.1 port and waits until /api/health answers. It leads
 * a process group of its own, and `kill` signals the whole group, so nothing it starts outlives it.
 */
export async function startBuiltServer(
  bundle: ServerBundle,
  env: Record<string, string>,
  // Opening the embedded database and migrating it takes over 30 s on a busy two-core machine; the
  // limit only catches a server that never answers.
  timeoutMs = 120_000,
): Promise<RunningServer> {
  const port = await freePort();
  const proc = spawn(process.execPath, [bundle.serverFile], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PREVIEW_WORKER_FILE: bundle.workerFile,
      // `npm test` finds what a run left running by this marker (scripts/leftovers.mjs).
      ...(process.env.PRINTMARKET_RUN_ID ? { PRINTMARKET_RUN_ID: process.env.PRINTMARKET_RUN_ID } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
    try {
      process.kill(-proc.pid, signal);
    } catch {
      // the group has just ended
    }
  };
  let output = '';
  proc.stdout?.on('data', (chunk) => (output += chunk));
  proc.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    proc,
    output: () => output,
    kill: async (signal) => {
      signalGroup(signal);
      if (signal === 'SIGKILL') return exited;
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`the server exited at start:\n${output}`);
    }
    const healthy = await fetch(`${server.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
