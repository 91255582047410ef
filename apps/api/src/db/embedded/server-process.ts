import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Whether `pid` is the PostgreSQL server of `dataDir`: alive, and started on that folder. A pid
 * alone proves nothing: after a restart (a container's PID 1, say) it may belong to anyone.
 */
export async function isServerOf(pid: number, dataDir: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    // Gone, or another account's process (ours runs as us, or as root's `postgres` whom root may signal).
    return false;
  }
  const args = await commandLine(pid);
  if (!args) return false;
  const at = args.indexOf('-D');
  return at >= 0 && path.resolve(args[at + 1] ?? '') === path.resolve(dataDir);
}

/** A process's arguments: from /proc on Linux, from ps elsewhere; undefined when unreadable. */
async function commandLine(pid: number): Promise<string[] | undefined> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (raw !== undefined) return raw.split('\0');
  const ps = await run('ps', ['-ww', '-o', 'command=', '-p', String(pid)]).catch(() => undefined);
  return ps?.stdout.trim().split(/\s+/);
}

/** Checks `ready` every 100 ms until it holds; fails after `timeoutMs` naming what it waited for. */
export async function waitUntil(
  ready: () => Promise<boolean>,
  { timeoutMs, what }: { timeoutMs: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.`);
    await delay(100);
  }
}
