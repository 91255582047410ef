// Finds the processes a run (`npm test`, `npm run bench`) left running. The run puts a unique id
// in its environment; every process it starts inherits it, also one whose parent has died and that
// was adopted by init, so a process still carrying the id when the run ends is a leftover. Reads
// /proc/<pid>/environ, so it works on Linux only; elsewhere it says it cannot look. A process that
// drops its whole environment escapes it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

/** The environment variable that carries the run's id. */
export const RUN_MARKER = 'PRINTMARKET_RUN_ID';

/**
 * Marks this process's environment with a fresh run id (children started from now on inherit it).
 * @returns {string} the id
 */
export function markRun() {
  const id = randomUUID();
  process.env[RUN_MARKER] = id;
  return id;
}

/** @typedef {{ pid: number, command: string }} Leftover */

/**
 * Processes other than this one whose environment carries the run's `id`; null without /proc.
 * @param {string} id
 * @returns {Leftover[] | null}
 */
export function processesOfRun(id) {
  if (!fs.existsSync('/proc/self/environ')) return null;
  const needle = `${RUN_MARKER}=${id}`;
  /** @type {Leftover[]} */
  const found = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      // A zombie (ended, not yet reaped) reads as empty: it is not running anything any more.
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(needle)) continue;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid, command });
    } catch {
      // Gone meanwhile, or another user's process: not one of ours.
    }
  }
  return found;
}

/**
 * The run's processes still alive after `graceMs` (ones told to stop a moment ago may still be
 * exiting); null without /proc.
 * @param {string} id
 * @param {number} [graceMs]
 * @returns {Promise<Leftover[] | null>}
 */
export async function leftoverProcesses(id, graceMs = 10_000) {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const found = processesOfRun(id);
    if (found === null || found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Ends leftovers: SIGTERM, then SIGKILL for those still running after `graceMs`.
 * @param {string} id
 * @param {Leftover[]} leftovers
 * @param {number} [graceMs]
 */
export async function endLeftovers(id, leftovers, graceMs = 5_000) {
  const signal = (/** @type {NodeJS.Signals} */ name) => {
    for (const { pid } of leftovers) {
      try {
        process.kill(pid, name);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGTERM');
  const still = await leftoverProcesses(id, graceMs);
  if (still && still.length > 0) signal('SIGKILL');
}

/**
 * The check at the end of a run: prints what is still running and ends it. Returns false when
 * something was left.
 * @param {string} id
 * @param {(line: string) => void} log
 */
export async function checkNoLeftovers(id, log) {
  const leftovers = await leftoverProcesses(id);
  if (leftovers === null) {
    log('Cannot check for leftover processes here: the check reads /proc (Linux only).');
    return true;
  }
  if (leftovers.length === 0) return true;
  log(`${leftovers.length} process(es) started by this run still running (now ended):`);
  for (const { pid, command } of leftovers) log(`  pid ${pid}: ${command.slice(0, 300)}`);
  await endLeftovers(id, leftovers);
  return false;
}
