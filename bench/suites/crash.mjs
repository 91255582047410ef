// The crash trial, on the embedded engine: the API under write load (sign-ups from a few
// concurrent clients, every one it acknowledged with a 2xx noted) is killed with SIGKILL (the
// server's own process: nothing of its shutdown runs, its database server is left running), then
// started again. Each restart must answer within 5 s, and after each one every write acknowledged
// so far must be there. The baseline is a clean restart (after SIGTERM) measured in the same run.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiEnv, assertApiBuilt, startApi } from '../lib/api.mjs';
import { guardEmbeddedServer } from '../lib/embedded-db.mjs';
import {
  formatNumber,
  formatTarget,
  loadAverage,
  machine,
  median,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { databaseCpuMs, describeStart, startFacts } from '../lib/start-timing.mjs';
import { makeTempDir, runInScope } from '../lib/suite.mjs';

const TRIALS = 10;
/** Concurrent clients signing up during a trial. */
const WRITERS = 4;
/** Load before the kill: at least this long and this many acknowledged writes... */
const MIN_LOAD_MS = 1_000;
const MIN_ACKNOWLEDGED = 5;
/** ...plus a random part, so the kill meets the server at different points of its work. */
const JITTER_MS = 1_000;
/** A trial whose writes are not acknowledged by then fails rather than waiting on. */
const LOAD_TIMEOUT_MS = 60_000;
/** How long a restart may take before it counts as failed (the target is far below). */
const RESTART_TIMEOUT_MS = 60_000;
/** Lookups in flight at once when checking the acknowledged writes. */
const CHECKERS = 8;
const REQUEST_TIMEOUT_MS = 10_000;
const LIMITS = { restartMs: 5_000 };

/**
 * @typedef {object} Trial
 * @property {number} trial
 * @property {number} loadMs how long the write load ran before the kill
 * @property {number} acknowledged writes acknowledged with a 2xx in this trial
 * @property {number} unanswered writes in flight when the server was killed (not acknowledged)
 * @property {number} refused writes answered with a non-2xx (should be none)
 * @property {import('../lib/start-timing.mjs').StartFacts} restart
 * @property {number} checked acknowledged writes looked up after the restart (all trials so far)
 * @property {string[]} missing acknowledged writes not found after the restart
 * @property {number} unansweredFound writes in flight at the kill that did land
 */

/** @type {import('../lib/suite.mjs').Suite} */
export async function crash(ctx) {
  assertApiBuilt();
  return runInScope(ctx, 'crash', (scope) => runTrials(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function runTrials(ctx, scope) {
  const label = 'crash / embedded';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { signal } = ctx;
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const busy = await warnIfCpuBusy(log, 2_000, 'the trials');

  const dataDir = await makeTempDir(scope, 'crash');
  guardEmbeddedServer(scope, dataDir);
  // One environment for every start (the same signing key). Sign-ups are limited per address;
  // here they all come from 127.0.0.1. LOG_LEVEL info: the start's log says whether the database
  // server was adopted, and when it was up.
  const env = {
    ...apiEnv({ dataDir }),
    SIGNUP_MAX_PER_HOUR: String(1_000_000),
    LOG_LEVEL: 'info',
  };
  /** @param {string} what */
  const start = async (what) => {
    const before = databaseCpuMs(dataDir);
    const api = await startApi({
      env,
      engine: `embedded, ${what}`,
      scope,
      signal,
      timeoutMs: RESTART_TIMEOUT_MS,
    });
    return { api, facts: startFacts(api, dataDir, before) };
  };

  const first = await start('first start');
  log(`first start (empty data folder): ${describeStart(first.facts)}`);
  // The baseline: the same server stopped cleanly (SIGTERM, its database server stopped too) and
  // started again.
  await first.api.stop();
  const clean = await start('clean restart');
  log(`clean restart: ${describeStart(clean.facts)}`);
  let api = clean.api;

  /** @type {string[]} usernames of every acknowledged sign-up so far */
  const acknowledged = [];
  /** @type {Trial[]} */
  const trials = [];
  for (let trial = 1; trial <= TRIALS; trial++) {
    signal.throwIfAborted();
    const load = writeLoad(api.baseUrl, signal);
    const loadStarted = performance.now();
    const settleAfter = MIN_LOAD_MS + Math.random() * JITTER_MS;
    await waitFor(
      () => performance.now() - loadStarted >= settleAfter && load.acknowledged.length >= MIN_ACKNOWLEDGED,
      {
        timeoutMs: LOAD_TIMEOUT_MS,
        what: `${MIN_ACKNOWLEDGED} acknowledged sign-ups`,
        signal,
        failed: load.failure,
      },
    );
    const loadMs = Math.round(performance.now() - loadStarted);
    await api.crash();
    const outcome = await load.finish();
    acknowledged.push(...outcome.acknowledged);

    const restarted = await start(`restart ${trial} after SIGKILL`);
    api = restarted.api;
    const missing = await missingUsers(api.baseUrl, acknowledged, signal);
    const landed =
      outcome.unanswered.length - (await missingUsers(api.baseUrl, outcome.unanswered, signal)).length;
    const result = {
      trial,
      loadMs,
      acknowledged: outcome.acknowledged.length,
      unanswered: outcome.unanswered.length,
      refused: outcome.refused,
      restart: restarted.facts,
      checked: acknowledged.length,
      missing,
      unansweredFound: landed,
    };
    trials.push(result);
    log(
      `trial ${trial}: killed after ${loadMs} ms with ${result.acknowledged} sign-ups acknowledged and ` +
        `${result.unanswered} in flight; restart ${describeStart(result.restart)}; ` +
        `${acknowledged.length - missing.length}/${acknowledged.length} acknowledged found`,
    );
  }
  await api.stop();
  const loadAfter = loadAverage();

  const restartsMs = trials.map((t) => t.restart.ms);
  const inTime = trials.filter((t) => t.restart.ms <= LIMITS.restartMs).length;
  const lost = new Set(trials.flatMap((t) => t.missing));
  const refused = trials.reduce((sum, t) => sum + t.refused, 0);
  const targets = [
    target(
      `restarts after SIGKILL answering within ${LIMITS.restartMs / 1000} s (of ${TRIALS})`,
      inTime,
      '>=',
      TRIALS,
      'trials',
    ),
    target(
      'acknowledged writes missing after a restart',
      lost.size,
      '<=',
      0,
      'writes',
      trials.length < TRIALS ? 'not every trial ran' : undefined,
    ),
  ];
  const result = {
    suite: 'crash',
    engine: 'embedded',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      ...machine(),
      cpuBusyBefore: busy,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    },
    settings: {
      trials: TRIALS,
      writers: WRITERS,
      write: 'POST /api/auth/register',
      minLoadMs: MIN_LOAD_MS,
      jitterMs: JITTER_MS,
      minAcknowledged: MIN_ACKNOWLEDGED,
      kill: 'SIGKILL to the API server process (node apps/api/dist/server.js); restart the same way',
    },
    firstStart: first.facts,
    cleanRestart: clean.facts,
    trials,
    summary: {
      acknowledged: acknowledged.length,
      lost: [...lost],
      refused,
      restartMs: { median: median(restartsMs), max: Math.max(...restartsMs), min: Math.min(...restartsMs) },
      restartVsCleanRestart: Math.round((median(restartsMs) / clean.facts.ms) * 100) / 100,
      adopted: trials.filter((t) => t.restart.adopted).length,
    },
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult('crash-embedded', result);
  printReport(label, result);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return {
    label,
    file,
    targets,
    failedCases: refused > 0 ? ['sign-ups under load (non-2xx answers)'] : [],
  };
}

/**
 * WRITERS clients signing up one after another until `finish` (or until the server is gone). A
 * sign-up answered 201 is acknowledged; one without an answer (the connection died with the
 * server) is unanswered; any other answer is refused.
 * @param {string} baseUrl
 * @param {AbortSignal} signal
 */
function writeLoad(baseUrl, signal) {
  /** @type {string[]} */
  const acknowledged = [];
  /** @type {string[]} */
  const unanswered = [];
  let refused = 0;
  let stopping = false;
  /** @type {Error | null} */
  let failure = null;
  const writer = async () => {
    while (!stopping && !signal.aborted) {
      const username = `crash${randomBytes(6).toString('hex')}`;
      /** @type {Response} */
      let response;
      try {
        response = await fetch(`${baseUrl}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username,
            name: 'Crash Trial',
            email: `${username}@example.com`,
            password: randomBytes(12).toString('hex'),
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
      } catch {
        // No answer: the server died with the request in flight (or it hung, which the restart shows).
        unanswered.push(username);
        return;
      }
      if (response.status === 201) acknowledged.push(username);
      else {
        refused += 1;
        failure ??= new Error(`POST /api/auth/register answered ${response.status}`);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  return {
    acknowledged,
    failure: () => failure,
    /** Waits for every writer to end (after the kill, each ends on its failed request). */
    finish: async () => {
      stopping = true;
      await Promise.all(writers);
      return { acknowledged, unanswered, refused };
    },
  };
}

/**
 * The usernames of `usernames` whose public profile is not found.
 * @param {string} baseUrl
 * @param {string[]} usernames
 * @param {AbortSignal} signal
 */
async function missingUsers(baseUrl, usernames, signal) {
  /** @type {string[]} */
  const missing = [];
  let next = 0;
  const checker = async () => {
    for (let i = next++; i < usernames.length; i = next++) {
      signal.throwIfAborted();
      const username = usernames[i] ?? '';
      const response = await fetch(`${baseUrl}/api/profile/username/${username}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.status === 404) missing.push(username);
      else if (response.status !== 200) {
        throw new Error(`GET /api/profile/username/${username} answered ${response.status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CHECKERS }, checker));
  return missing;
}

/**
 * Polls `ready` every 20 ms until it holds; fails after `timeoutMs`, or as soon as `failed` names
 * an error.
 * @param {() => boolean} ready
 * @param {{ timeoutMs: number, what: string, signal: AbortSignal, failed: () => Error | null }} options
 */
async function waitFor(ready, options) {
  const deadline = performance.now() + options.timeoutMs;
  while (!ready()) {
    options.signal.throwIfAborted();
    const failure = options.failed();
    if (failure) throw failure;
    if (performance.now() > deadline) {
      throw new Error(`no ${options.what} within ${options.timeoutMs / 1000} s`);
    }
    await sleep(20);
  }
}

/**
 * @param {string} label
 * @param {{ machine: ReturnType<typeof machine> & { loadAverageBefore: number[], loadAverageAfter: number[] },
 *   firstStart: import('../lib/start-timing.mjs').StartFacts,
 *   cleanRestart: import('../lib/start-timing.mjs').StartFacts, trials: Trial[],
 *   summary: { acknowledged: number, lost: string[], refused: number,
 *     restartMs: { median: number, max: number, min: number }, restartVsCleanRestart: number, adopted: number },
 *   targets: import('../lib/report.mjs').Target[] }} result
 */
function printReport(label, result) {
  const m = result.machine;
  console.log(
    `\n${label}: ${TRIALS} trials, ${WRITERS} clients signing up, SIGKILL to the API after ` +
      `${MIN_LOAD_MS}-${MIN_LOAD_MS + JITTER_MS} ms of load; ${m.cpus} CPUs, Node ${m.node}; ` +
      `load average ${m.loadAverageBefore.join(' ')} before, ${m.loadAverageAfter.join(' ')} after`,
  );
  console.log(
    table(
      [
        'trial',
        'load ms',
        'acked',
        'in flight',
        'landed',
        'restart ms',
        'CPU ms',
        'db',
        'checked',
        'missing',
      ],
      result.trials.map((t) => [
        String(t.trial),
        String(t.loadMs),
        String(t.acknowledged),
        String(t.unanswered),
        String(t.unansweredFound),
        String(t.restart.ms),
        t.restart.cpuMs === null ? '-' : String(t.restart.cpuMs),
        t.restart.adopted === null ? '?' : t.restart.adopted ? 'adopted' : 'started',
        String(t.checked),
        String(t.missing.length),
      ]),
    ),
  );
  console.log(
    'acked: sign-ups answered 201 before the kill; in flight: sent, never answered; landed: of those, ' +
      'found after the restart; checked: every sign-up acknowledged so far, looked up after the restart',
  );
  const s = result.summary;
  console.log(`first start (empty data folder): ${describeStart(result.firstStart)}`);
  console.log(`clean restart (after SIGTERM), the baseline: ${describeStart(result.cleanRestart)}`);
  console.log(
    `restart after SIGKILL: median ${s.restartMs.median} ms (${formatNumber(s.restartVsCleanRestart)} x the clean ` +
      `restart), min ${s.restartMs.min}, max ${s.restartMs.max}; database server adopted in ${s.adopted} of ${result.trials.length}`,
  );
  console.log(
    `${s.acknowledged} sign-ups acknowledged in all, ${s.lost.length} lost${s.lost.length > 0 ? `: ${s.lost.slice(0, 10).join(', ')}` : ''}; ` +
      `${s.refused} refused`,
  );
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}
