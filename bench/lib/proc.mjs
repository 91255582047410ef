import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { RUN_MARKER } from '../../scripts/leftovers.mjs';

/**
 * How a child ended; `forced` when it had to be killed because it ignored SIGTERM.
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error, forced?: boolean }} ExitInfo
 */

/** Every child whose own process is still running. */
/** @type {Set<NodeProcess>} */
const live = new Set();
/** Process groups that may still hold a process (a child's children may outlive it), for killAllNow. */
/** @type {Set<number>} */
const groups = new Set();

/** Keeps the last `limit` characters of a child's output, for error messages. */
class Tail {
  text = '';
  /** @param {number} limit */
  constructor(limit) {
    this.limit = limit;
  }
  /** @param {Buffer | string} chunk */
  push(chunk) {
    this.text = (this.text + chunk.toString()).slice(-this.limit);
  }
}

/**
 * A `node <args>` child process with captured output and a bounded stop. It leads a process group
 * of its own, and stopping it ends the whole group: `npm start` runs npm, a shell, scripts/start.mjs
 * and the server, and a signal to npm alone does not reach the server.
 */
export class NodeProcess {
  /**
   * @param {string} label name used in messages
   * @param {string[]} args arguments after `node`
   * @param {{ cwd: string, env: NodeJS.ProcessEnv, ipc?: boolean }} options `ipc` opens a channel
   *   (a child that exits when it closes cannot outlive the harness)
   */
  constructor(label, args, options) {
    this.label = label;
    this.output = new Tail(16_000);
    /** performance.now() at spawn */
    this.spawnedAt = performance.now();
    this.child = spawn(process.execPath, args, {
      cwd: options.cwd,
      // The run's marker goes to every child, whatever environment it is given (see leftovers.mjs).
      env: { ...options.env, ...runMarker() },
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (this.child.pid !== undefined) groups.add(this.child.pid);
    this.child.stdout?.on('data', (chunk) => this.output.push(chunk));
    this.child.stderr?.on('data', (chunk) => this.output.push(chunk));
    live.add(this);
    /** @type {Promise<ExitInfo>} */
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        live.delete(this);
        resolve({ code, signal });
      });
      this.child.once('error', (error) => {
        live.delete(this);
        resolve({ code: null, signal: null, error });
      });
    });
  }

  get pid() {
    const pid = this.child.pid;
    if (pid === undefined) throw new Error(`${this.label} did not start`);
    return pid;
  }

  get running() {
    return live.has(this);
  }

  /**
   * SIGTERM to its process group, then SIGKILL when the group has not ended after `graceMs`.
   * @param {number} [graceMs]
   * @returns {Promise<ExitInfo>}
   */
  async stop(graceMs = 10_000) {
    const pgid = this.child.pid;
    if (pgid === undefined || (!this.running && !groupAlive(pgid))) return this.exited;
    signalGroup(pgid, 'SIGTERM');
    const info = await withTimeout(this.exited, graceMs);
    if (info && (await groupEnded(pgid, graceMs))) return info;
    signalGroup(pgid, 'SIGKILL');
    const killed = await withTimeout(this.exited, 5_000);
    if (!killed || !(await groupEnded(pgid, 5_000))) {
      throw new Error(`${this.label} (process group ${pgid}) did not end after SIGKILL`);
    }
    return { ...killed, forced: true };
  }

  /**
   * A readable account of how the child ended, with the end of its output.
   * @param {ExitInfo} info
   */
  describeExit(info) {
    const how = info.error
      ? `failed to start (${info.error.message})`
      : info.signal
        ? `was killed by ${info.signal}`
        : `exited with code ${info.code}`;
    const out = this.output.text.trim();
    return `${this.label} ${how}${out ? `:\n${indent(out.slice(-4000))}` : ''}`;
  }
}

/**
 * Runs `node <args>` to completion within `timeoutMs`; throws with the child's output when it
 * fails or overruns.
 * @param {string} label
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number, signal?: AbortSignal }} options
 * @returns {Promise<{ ms: number, output: string }>}
 */
export async function runNode(label, args, options) {
  options.signal?.throwIfAborted();
  const proc = new NodeProcess(label, args, options);
  const onAbort = () => void proc.stop(2_000).catch(() => {});
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const info = await withTimeout(proc.exited, options.timeoutMs);
    if (!info) {
      await proc.stop(2_000);
      throw new Error(
        `${label} did not finish within ${Math.round(options.timeoutMs / 1000)} s:\n${indent(proc.output.text.slice(-4000))}`,
      );
    }
    options.signal?.throwIfAborted();
    if (info.code !== 0) throw new Error(proc.describeExit(info));
    return { ms: performance.now() - proc.spawnedAt, output: proc.output.text };
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Resident memory of a process from /proc (Linux): current (VmRSS) and peak (VmHWM), in bytes.
 * @param {number} pid
 * @returns {{ rssBytes: number, peakRssBytes: number }}
 */
export function readMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  /** @param {string} key */
  const kb = (key) => {
    const match = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`no ${key} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
}

/**
 * Puts a process group that a library started (Chromium, by chrome-launcher) under the same last
 * resort as the harness's own children: killAllNow ends it too.
 * @param {number} pgid
 */
export function watchGroup(pgid) {
  groups.add(pgid);
}

/** Last resort (process exit, second Ctrl-C): kill every child's group, synchronously. */
export function killAllNow() {
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
}

/** The run's marker variable, when the run set one (see leftovers.mjs). */
function runMarker() {
  const id = process.env[RUN_MARKER];
  return id ? { [RUN_MARKER]: id } : {};
}

/**
 * @param {number} pgid
 * @param {NodeJS.Signals} signal
 */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group has ended
  }
}

/**
 * Whether any process of the group is left (signal 0 only checks).
 * @param {number} pgid
 */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    const alive = /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
    if (!alive) groups.delete(pgid);
    return alive;
  }
}

/**
 * Waits up to `ms` for the group's last process to end; true when it has.
 * @param {number} pgid
 * @param {number} ms
 */
export async function groupEnded(pgid, ms) {
  const deadline = performance.now() + ms;
  while (groupAlive(pgid)) {
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * The promise's value, or undefined when it takes longer than `ms`.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T | undefined>}
 */
export async function withTimeout(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    return await Promise.race([
      promise,
      /** @type {Promise<undefined>} */ (
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(undefined), ms);
        })
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** @param {string} text */
function indent(text) {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
