import path from 'node:path';
import { freePort, LOOPBACK, waitUntilUp } from './net.mjs';
import { NodeProcess, readMemory } from './proc.mjs';

/**
 * @typedef {object} RunningServer
 * @property {NodeProcess} proc
 * @property {number} port
 * @property {string} baseUrl http://127.0.0.1:port
 * @property {number} startupMs from spawn to the first 200 of the readiness URL
 * @property {() => { rssBytes: number, peakRssBytes: number }} memory current and peak RSS
 * @property {() => Promise<void>} stop stops it (SIGTERM, then SIGKILL) and forgets its clean-up step
 * @property {() => Promise<void>} crash kills its own process with SIGKILL (no clean-up of its own
 *   runs; what it started in another session, such as its database server, stays), waits until it
 *   has ended, and then stops what is left of its process group
 */

/**
 * Starts `node <script>` listening on 127.0.0.1:`port` and waits until `readyPath` answers 200.
 * Registers its stop with `resources` (a Resources or one of its scopes), so it is stopped even when the caller fails.
 * @param {object} options
 * @param {string} options.label
 * @param {string} options.script
 * @param {string[]} [options.args] arguments after the script
 * @param {string} options.cwd
 * @param {NodeJS.ProcessEnv} options.env without PORT (set here)
 * @param {string} options.readyPath
 * @param {Pick<import('./resources.mjs').Resources, 'defer'>} options.resources
 * @param {number} [options.port] default: a free one
 * @param {number} [options.timeoutMs] how long it may take to answer (default 60 s)
 * @param {boolean} [options.ipc] open an IPC channel (the child can exit when it closes)
 * @param {AbortSignal} [options.signal]
 * @returns {Promise<RunningServer>}
 */
export async function startServer(options) {
  const port = options.port ?? (await freePort());
  const proc = new NodeProcess(options.label, [options.script, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port) },
    ipc: options.ipc,
  });
  let crashed = false;
  const stop = options.resources.defer(`stop ${options.label}`, async () => {
    const info = await proc.stop();
    if (crashed) return;
    // Asked to stop, a server exits 0 within the grace time; anything else is reported.
    if (info.forced) throw new Error(`${options.label} ignored SIGTERM for 10 s and was killed`);
    if (info.code !== 0 && info.signal !== 'SIGTERM') throw new Error(proc.describeExit(info));
  });
  const crash = async () => {
    crashed = true;
    try {
      process.kill(proc.pid, 'SIGKILL');
    } catch {
      // it had ended already
    }
    await proc.exited;
    await stop();
  };
  const baseUrl = `http://${LOOPBACK}:${port}`;
  try {
    const readyAt = await waitUntilUp(baseUrl + options.readyPath, {
      timeoutMs: options.timeoutMs ?? 60_000,
      exited: proc.exited,
      signal: options.signal,
    });
    return {
      proc,
      port,
      baseUrl,
      startupMs: readyAt - proc.spawnedAt,
      memory: () => readMemory(proc.pid),
      stop,
      crash,
    };
  } catch (err) {
    const running = proc.running;
    await stop().catch(() => {});
    if (!running) throw new Error(proc.describeExit(await proc.exited));
    throw new Error(
      `${options.label}: ${err instanceof Error ? err.message : err}\n${proc.output.text.slice(-4000)}`,
    );
  }
}

/**
 * The baseline: bare Fastify answering GET /bare (and POST /bare-upload into `uploadDir` when
 * given), in its own process.
 * @param {Pick<import('./resources.mjs').Resources, 'defer'>} resources
 * @param {AbortSignal} [signal]
 * @param {string} [uploadDir]
 */
export function startBareServer(resources, signal, uploadDir) {
  return startServer({
    label: 'bare Fastify server',
    script: path.join(import.meta.dirname, 'bare-server.mjs'),
    cwd: import.meta.dirname,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...(uploadDir ? { BARE_UPLOAD_DIR: uploadDir } : {}),
    },
    readyPath: '/bare',
    resources,
    ipc: true,
    signal,
  });
}
