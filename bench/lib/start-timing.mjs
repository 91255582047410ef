// How long an API start took and where the time went: spawn to the first 200 of /api/health,
// split at the server's own log lines, and the CPU time its processes used meanwhile (which, unlike
// the wall time, hardly depends on what else keeps the machine busy).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './api.mjs';
import { embeddedServerPid } from './embedded-db.mjs';
import { cpuTimeMs, processGroup, processTree } from './process-tree.mjs';
import { startServer } from './servers.mjs';

/** npm's entry script, to run `npm start` as a person would; npm names it when it runs the bench. */
export const NPM_CLI =
  process.env.npm_execpath ??
  path.join(path.dirname(fs.realpathSync(process.execPath)), '../lib/node_modules/npm/bin/npm-cli.js');

/**
 * @typedef {object} StartFacts
 * @property {number} ms spawn to the first 200 of /api/health
 * @property {number | null} cpuMs CPU time (user + system) of the start's processes until then:
 *   the process group (npm, shell, start script, server, and the programs they waited for) and,
 *   on the embedded engine, the database server's processes (only what they used since `before`)
 * @property {{ databaseReadyMs: number | null, listeningMs: number | null }} phases from spawn to
 *   the server's log line saying its embedded database is up (started or adopted), and to "Server
 *   listening"; null when the line is missing (LOG_LEVEL above info, or an external database)
 * @property {boolean | null} adopted whether the embedded database server was found running
 *   (after a crash) rather than started; null when the log does not say
 */

/**
 * CPU time the embedded database server of `dataDir` has used so far (0 when none runs), to be
 * given to startFacts as `before`.
 * @param {string | null} dataDir null for an external database
 */
export function databaseCpuMs(dataDir) {
  const pid = dataDir ? embeddedServerPid(dataDir) : null;
  return pid === null ? 0 : processTree(pid).reduce((sum, p) => sum + cpuTimeMs(p), 0);
}

/**
 * The facts of a start that just answered (call it right after startServer returns).
 * @param {import('./servers.mjs').RunningServer} server
 * @param {string | null} dataDir the embedded engine's DATA_DIR; null for an external database
 * @param {number} databaseCpuBefore databaseCpuMs(dataDir) just before the spawn
 * @returns {StartFacts}
 */
export function startFacts(server, dataDir, databaseCpuBefore) {
  const groupCpu = processGroup(server.proc.pid).reduce((sum, p) => sum + cpuTimeMs(p), 0);
  const cpuMs = Math.round(groupCpu + (databaseCpuMs(dataDir) - databaseCpuBefore));
  const spawnedAtEpoch = performance.timeOrigin + server.proc.spawnedAt;
  /** @type {number | null} */
  let databaseReadyMs = null;
  /** @type {number | null} */
  let listeningMs = null;
  /** @type {boolean | null} */
  let adopted = null;
  for (const line of server.proc.output.text.split('\n')) {
    if (!line.startsWith('{')) continue;
    /** @type {{ time?: number, msg?: string }} */
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.time !== 'number' || typeof entry.msg !== 'string') continue;
    const at = Math.round(entry.time - spawnedAtEpoch);
    if (/^(Started|Using) the embedded PostgreSQL server/.test(entry.msg) && databaseReadyMs === null) {
      databaseReadyMs = at;
      adopted = entry.msg.startsWith('Using');
    }
    if (entry.msg.startsWith('Server listening') && listeningMs === null) listeningMs = at;
  }
  return {
    ms: Math.round(server.startupMs),
    cpuMs,
    phases: { databaseReadyMs, listeningMs },
    adopted,
  };
}

/**
 * Runs `npm start` (its build check included) on `env` until /api/health answers, notes the
 * start's facts, and stops it.
 * @param {object} options
 * @param {string} options.label
 * @param {NodeJS.ProcessEnv} options.env from apiEnv; LOG_LEVEL is set to info here, for the phases
 * @param {string | null} options.dataDir the embedded engine's DATA_DIR; null for an external database
 * @param {import('./resources.mjs').Scope} options.scope
 * @param {AbortSignal} options.signal
 * @param {number} [options.timeoutMs]
 * @returns {Promise<StartFacts>}
 */
export async function timeNpmStart(options) {
  const before = databaseCpuMs(options.dataDir);
  const server = await startServer({
    label: options.label,
    script: NPM_CLI,
    args: ['start', '--silent'],
    cwd: ROOT,
    env: { ...options.env, LOG_LEVEL: 'info' },
    readyPath: '/api/health',
    resources: options.scope,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  const facts = startFacts(server, options.dataDir, before);
  await server.stop();
  return facts;
}

/**
 * One line about a start, for the printed report.
 * @param {StartFacts} f
 */
export function describeStart(f) {
  const parts = [`${f.ms} ms`];
  if (f.cpuMs !== null) parts.push(`CPU ${f.cpuMs} ms`);
  if (f.phases.databaseReadyMs !== null) {
    parts.push(`database ${f.adopted ? 'adopted' : 'up'} at ${f.phases.databaseReadyMs} ms`);
  }
  if (f.phases.listeningMs !== null) parts.push(`listening at ${f.phases.listeningMs} ms`);
  return parts.join(', ');
}
