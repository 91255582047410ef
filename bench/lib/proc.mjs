import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * How a child ended; `forced` when it had to be killed because it ignored SIGTERM.
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error, forced?: boolean }} ExitInfo
 */

/** Every child still running, so a last-resort exit handler can kill them. */
/** @type {Set<NodeProcess>} */
const live = new Set();

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

/** A `node <args>` child process with captured output and a bounded stop. */
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
      env: options.env,
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
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
   * SIGTERM, then SIGKILL when it has not exited after `graceMs`.
   * @param {number} [graceMs]
   * @returns {Promise<ExitInfo>}
   */
  async stop(graceMs = 10_000) {
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    const info = await withTimeout(this.exited, graceMs);
    if (info) return info;
    this.child.kill('SIGKILL');
    const killed = await withTimeout(this.exited, 5_000);
    if (!killed) throw new Error(`${this.label} (pid ${this.child.pid}) did not exit after SIGKILL`);
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

/** Last resort (process exit, second Ctrl-C): kill every child still running, synchronously. */
export function killAllNow() {
  for (const proc of live) {
    try {
      proc.child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
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
