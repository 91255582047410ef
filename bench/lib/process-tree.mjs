// What processes a server is made of and what they use, from /proc (Linux): a process and its
// descendants, their memory (RSS and PSS) and their CPU time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * @typedef {object} ProcessMemory
 * @property {number} rssBytes resident pages, each shared page counted in full
 * @property {number | null} pssBytes resident pages, each shared page divided among the processes
 *   mapping it; null where the kernel has no smaps_rollup
 */

/**
 * The parent pid of `pid`, or null when it is gone.
 * @param {number} pid
 */
function parentOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/**
 * `rootPid` and every process descending from it that is alive now (root first).
 * @param {number} rootPid
 * @returns {number[]}
 */
export function processTree(rootPid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  if (parentOf(rootPid) === null) return [];
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}

/**
 * Memory of one process: RSS and PSS from /proc/<pid>/smaps_rollup (Linux 4.14+), else VmRSS
 * from /proc/<pid>/status and no PSS.
 * @param {number} pid
 * @returns {ProcessMemory}
 */
export function processMemory(pid) {
  /** @param {string} text @param {string} key */
  const kb = (text, key) => {
    const match = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  };
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const rss = kb(rollup, 'Rss');
    const pss = kb(rollup, 'Pss');
    if (rss !== null) return { rssBytes: rss, pssBytes: pss };
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'ENOENT') throw err;
  }
  const rss = kb(fs.readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
  if (rss === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return { rssBytes: rss, pssBytes: null };
}

/**
 * The summed memory of `pids` (those that ended meanwhile are left out); PSS is null when any
 * process has none.
 * @param {number[]} pids
 * @returns {ProcessMemory & { processes: number }}
 */
export function summedMemory(pids) {
  let rss = 0;
  /** @type {number | null} */
  let pss = 0;
  let processes = 0;
  for (const pid of pids) {
    /** @type {ProcessMemory} */
    let memory;
    try {
      memory = processMemory(pid);
    } catch {
      continue; // ended meanwhile
    }
    processes += 1;
    rss += memory.rssBytes;
    pss = pss === null || memory.pssBytes === null ? null : pss + memory.pssBytes;
  }
  return { rssBytes: rss, pssBytes: pss, processes };
}

/** Clock ticks per second of /proc/<pid>/stat's times. */
let ticksPerSecond = 0;

/**
 * CPU time (user + system) a process has used, its waited-for children's included, in ms; 0
 * when it is gone.
 * @param {number} pid
 */
export function cpuTimeMs(pid) {
  if (ticksPerSecond === 0) {
    ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of proc_pid_stat(5); the list starts at field 3.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/**
 * The processes of a process group (`npm start`'s npm, shell, start script and server).
 * @param {number} pgid
 * @returns {number[]}
 */
export function processGroup(pgid) {
  /** @type {number[]} */
  const pids = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) pids.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
