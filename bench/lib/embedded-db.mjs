// The embedded PostgreSQL server an API runs in DATA_DIR/db: which process it is, and a clean-up
// step that makes sure it is gone when a suite is done with the folder. It is started by pg_ctl in
// a session of its own, so stopping the API's process group does not reach it; the API stops it
// on SIGTERM, but an API that was killed (the crash trial, a forced stop) leaves it running.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processTree } from './process-tree.mjs';

/**
 * The pid of the PostgreSQL server running in `dataDir`/db, or null when none is: the first line
 * of its postmaster.pid, checked to be a live process started on that folder.
 * @param {string} dataDir the API's DATA_DIR
 */
export function embeddedServerPid(dataDir) {
  const dbDir = path.join(dataDir, 'db');
  let text;
  try {
    text = fs.readFileSync(path.join(dbDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('-D');
    return at >= 0 && path.resolve(args[at + 1] ?? '') === path.resolve(dbDir) ? pid : null;
  } catch {
    return null; // a stale file: the process is gone
  }
}

/**
 * Registers a clean-up step for `dataDir`, to run after the API's own stop (register it before
 * starting the API): when the embedded server is still running then, it is stopped (a fast
 * shutdown, SIGINT; SIGKILL after 20 s) and the step fails, saying so.
 * @param {Pick<import('./resources.mjs').Resources, 'defer'>} scope
 * @param {string} dataDir
 */
export function guardEmbeddedServer(scope, dataDir) {
  scope.defer(`stop the embedded PostgreSQL server in ${dataDir} if it was left running`, async () => {
    const pid = embeddedServerPid(dataDir);
    if (pid === null) return;
    const signal = (/** @type {NodeJS.Signals} */ name) => {
      try {
        process.kill(pid, name);
      } catch {
        // already gone
      }
    };
    signal('SIGINT');
    const deadline = performance.now() + 20_000;
    while (embeddedServerPid(dataDir) === pid && performance.now() < deadline) await sleep(100);
    if (embeddedServerPid(dataDir) === pid) signal('SIGKILL');
    throw new Error(`the embedded PostgreSQL server (pid ${pid}) was still running after its API stopped`);
  });
}

/**
 * The processes of the embedded server of `dataDir`: the postmaster and its children (backends,
 * checkpointer, writers...); empty when none runs.
 * @param {string} dataDir
 */
export function embeddedServerProcesses(dataDir) {
  const pid = embeddedServerPid(dataDir);
  return pid === null ? [] : processTree(pid);
}
