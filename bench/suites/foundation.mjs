// The foundation issue's figures, per database engine: the home listing (first and a deep page)
// and the current-user call under load, against a bare Fastify route measured in the same run;
// the server's memory after the load; and how fast a second start on a seeded database listens.
// BENCH_CASES (e.g. `currentUser`) measures only the cases it names.
import fs from 'node:fs';
import path from 'node:path';
import { buildIsCurrent } from '../../scripts/source-stamp.mjs';
import { assertApiBuilt, ROOT, registerUser, startApi } from '../lib/api.mjs';
import { runPerEngine, seededApiEnv } from '../lib/engines.mjs';
import { measure } from '../lib/load.mjs';
import { requestJson } from '../lib/net.mjs';
import {
  formatNumber,
  formatTarget,
  machine,
  mb,
  share,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { startBareServer, startServer } from '../lib/servers.mjs';
import { chosen } from '../lib/settings.mjs';

/** npm's entry script, to run `npm start` as a person would; npm names it when it runs the bench. */
const NPM_CLI =
  process.env.npm_execpath ??
  path.join(path.dirname(fs.realpathSync(process.execPath)), '../lib/node_modules/npm/bin/npm-cli.js');

const DESIGNS = 10_000;
/** The listing's default page size (docs/api.md). */
const PAGE_SIZE = 12;
/** Offset 9 588 of 10 000: close to the end, still a full page. */
const DEEP_PAGE = 800;
const SEED_TIMEOUT_MS = 15 * 60_000;
const LIMITS = {
  /** Every case (the listings and the session check every page makes), on PostgreSQL. */
  shareOfBarePct: 10,
  p99Ms: 100,
  /** @type {Record<EngineName, number>} */
  rssMB: { pglite: 400, postgres: 150 },
  secondStartMs: 3_000,
};

/** @typedef {import('../lib/engines.mjs').EngineName} EngineName */
/** @typedef {import('../lib/engines.mjs').Engine} Engine */
/** @typedef {'listing' | 'deepPage' | 'currentUser'} CaseKey */
/**
 * @typedef {import('../lib/load.mjs').LoadResult & { key?: CaseKey, shareOfBare: number }} CaseResult
 */

/** @type {import('../lib/suite.mjs').Suite} */
export async function foundation(ctx) {
  assertApiBuilt();
  return runPerEngine(ctx, 'foundation', (engine, scope) => runEngine(ctx, engine, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function runEngine(ctx, engine, scope) {
  const label = `foundation / ${engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const { settings, signal } = ctx;

  const { env, databaseName, seed } = await seededApiEnv({
    engine,
    scope,
    dirName: engine.name,
    designs: DESIGNS,
    timeoutMs: SEED_TIMEOUT_MS,
    signal,
    log,
  });

  const api = await startApi({ env, engine: engine.name, scope, signal, log });
  const idleMemory = api.memory();

  const token = await registerUser(api.baseUrl);
  const allCases = /** @type {const} */ ([
    { key: 'listing', name: 'GET /api/designs/newest?page=1', path: '/api/designs/newest?page=1' },
    {
      key: 'deepPage',
      name: `GET /api/designs/newest?page=${DEEP_PAGE}`,
      path: `/api/designs/newest?page=${DEEP_PAGE}`,
    },
    { key: 'currentUser', name: 'GET /api/auth/user (x-auth-token)', path: '/api/auth/user' },
  ]);
  const only = chosen(
    'BENCH_CASES',
    allCases.map((c) => c.key),
  );
  const cases = allCases.filter((c) => !only || only.has(c.key));
  const headers = { 'x-auth-token': token };
  const checks = await checkAnswers(api.baseUrl, headers);

  // What else keeps the CPUs busy, measured while our servers are idle: a busy machine makes
  // every figure below lower and noisier (the ratios to bare less so).
  const busy = await warnIfCpuBusy(log, 2_000, 'the load');

  const bare = await startBareServer(scope, signal);
  log(`measuring the bare Fastify baseline (${settings.warmupS} s warm-up + ${settings.durationS} s)`);
  const bareLoad = await measure(
    { name: 'bare Fastify GET /bare', url: `${bare.baseUrl}/bare` },
    settings,
    signal,
  );
  const bareMemory = bare.memory();
  await bare.stop();
  const bareRps = bareLoad.requestsPerSecond;

  /** @type {CaseResult[]} */
  const results = [];
  for (const c of cases) {
    log(`measuring ${c.name}`);
    const r = await measure(
      { name: c.name, url: api.baseUrl + c.path, headers: c.key === 'currentUser' ? headers : undefined },
      settings,
      signal,
    );
    const failedCheck = checks.find((check) => check.key === c.key && !check.pass);
    if (failedCheck) {
      r.problems.push(`answer check failed: ${failedCheck.detail}`);
      r.ok = false;
    }
    results.push({ ...r, key: c.key, shareOfBare: share(r.requestsPerSecond, bareRps) });
  }
  const loadedMemory = api.memory();
  await api.stop();

  // The target is about what a person runs: `npm start` (its build check included) on the same data.
  // A build older than the sources would make that start rebuild first and time the build instead.
  if (!buildIsCurrent()) {
    throw new Error('The build is older than the sources: run `npm run bench`, which builds first.');
  }
  log('running `npm start` again on the same database');
  const again = await startServer({
    label: `npm start (${engine.name})`,
    script: NPM_CLI,
    args: ['start', '--silent'],
    cwd: ROOT,
    env,
    readyPath: '/api/health',
    resources: scope,
    signal,
  });
  const secondStartMs = Math.round(again.startupMs);
  await again.stop();
  log(`second start listened after ${secondStartMs} ms`);

  /** @type {import('../lib/report.mjs').Target[]} */
  const targets = [];
  if (engine.name === 'postgres') {
    for (const r of results) {
      const blocker = r.ok ? undefined : 'the case had failed requests';
      targets.push(
        target(
          `${r.name}: throughput vs bare`,
          pct(r.shareOfBare),
          '>=',
          LIMITS.shareOfBarePct,
          '%',
          blocker,
        ),
        target(`${r.name}: p99 latency`, r.latencyMs.p99, '<', LIMITS.p99Ms, 'ms', blocker),
      );
    }
  }
  targets.push(
    target('server RSS after the load', mb(loadedMemory.rssBytes), '<', LIMITS.rssMB[engine.name], 'MB'),
    target(
      'second `npm start`: spawn to first 200 of /api/health',
      secondStartMs,
      '<',
      LIMITS.secondStartMs,
      'ms',
    ),
  );

  const baseline = { ...bareLoad, shareOfBare: 1, rssMB: mb(bareMemory.rssBytes) };
  const result = {
    suite: 'foundation',
    engine: engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeLoad: busy },
    settings: {
      connections: settings.connections,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      designs: DESIGNS,
      pageSize: PAGE_SIZE,
      deepPage: DEEP_PAGE,
      database: databaseName,
      note: 'autocannon runs in the harness process on the same machine as the server',
    },
    seed: { designs: DESIGNS, seconds: seed.seconds, output: seed.output },
    baseline,
    cases: results,
    memory: {
      idleRssMB: mb(idleMemory.rssBytes),
      afterLoadRssMB: mb(loadedMemory.rssBytes),
      peakRssMB: mb(loadedMemory.peakRssBytes),
      bareRssMB: baseline.rssMB,
    },
    startup: { firstStartMs: Math.round(api.startupMs), secondStartMs },
    checks,
    targets,
    pass: targets.every((t) => t.pass) && results.every((r) => r.ok),
  };
  const file = writeResult(`foundation-${engine.name}`, result);

  printReport(label, result, [baseline, ...results]);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return {
    label,
    file,
    targets,
    failedCases: [baseline, ...results].filter((r) => !r.ok).map((r) => r.name),
  };
}

/**
 * One request per case before the load, to know the measured answers are the real ones (a full
 * page of designs, the signed-in user) and not fast empty or error answers.
 * @param {string} baseUrl
 * @param {Record<string, string>} headers
 * @returns {Promise<{ key: CaseKey, pass: boolean, detail: string }[]>}
 */
async function checkAnswers(baseUrl, headers) {
  /** @param {number} page */
  const listing = async (page) => {
    const { status, body } = await requestJson(`${baseUrl}/api/designs/newest?page=${page}`);
    const count = Array.isArray(body?.designs) ? body.designs.length : -1;
    const pass = status === 200 && count === PAGE_SIZE && body?.total === DESIGNS;
    return { pass, detail: `page ${page}: status ${status}, ${count} designs, total ${body?.total}` };
  };
  const user = await requestJson(`${baseUrl}/api/auth/user`, { headers });
  const userOk = user.status === 200 && typeof user.body?.username === 'string';
  return [
    { key: 'listing', ...(await listing(1)) },
    { key: 'deepPage', ...(await listing(DEEP_PAGE)) },
    {
      key: 'currentUser',
      pass: userOk,
      detail: `status ${user.status}${userOk ? `, user ${user.body.username}` : `: ${JSON.stringify(user.body).slice(0, 200)}`}`,
    },
  ];
}

/**
 * @param {string} label
 * @param {{ settings: { connections: number, durationS: number, warmupS: number },
 *   machine: ReturnType<typeof machine> & { cpuBusyBeforeLoad: number | null },
 *   seed: { seconds: number }, memory: Record<string, number>, startup: Record<string, number>,
 *   targets: import('../lib/report.mjs').Target[] }} result
 * @param {(import('../lib/load.mjs').LoadResult & { shareOfBare: number })[]} rows
 */
function printReport(label, result, rows) {
  const s = result.settings;
  const m = result.machine;
  console.log(
    `\n${label}: ${DESIGNS.toLocaleString('en-US')} designs, ${s.connections} connections, ` +
      `${s.durationS} s per case after ${s.warmupS} s warm-up; ${m.cpus} CPUs, Node ${m.node}`,
  );
  if (typeof m.cpuBusyBeforeLoad === 'number' && m.cpuBusyBeforeLoad > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(m.cpuBusyBeforeLoad * 100)} % busy just before the load; ` +
        'absolute figures are low and noisy',
    );
  }
  console.log(
    table(
      ['case', 'req/s', 'vs bare', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'drain ms', 'result'],
      rows.map((r) => [
        r.name,
        formatNumber(r.requestsPerSecond),
        `${pct(r.shareOfBare).toFixed(1)} %`,
        String(r.latencyMs.p50),
        String(r.latencyMs.p99),
        r.requests.toLocaleString('en-US'),
        String(r.non2xx),
        String(r.errors),
        r.drainMs === null ? '-' : String(r.drainMs),
        r.ok ? 'ok' : 'FAILED',
      ]),
    ),
  );
  console.log(
    "vs bare: share of the bare route's req/s; drain ms: wait for one request sent right after the run " +
      '(the server still working off requests of closed connections)',
  );
  for (const r of rows) for (const problem of r.problems) console.log(`  ${r.name}: ${problem}`);
  const mem = result.memory;
  console.log(`seed of ${DESIGNS.toLocaleString('en-US')} designs: ${result.seed.seconds} s`);
  console.log(
    `server RSS: ${mem.idleRssMB} MB idle, ${mem.afterLoadRssMB} MB after the load (peak ${mem.peakRssMB} MB); ` +
      `bare Fastify ${mem.bareRssMB} MB`,
  );
  console.log(
    `start, spawn to first 200 of /api/health: first (node server.js) ${result.startup.firstStartMs} ms, second (npm start) ${result.startup.secondStartMs} ms`,
  );
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}

/** @param {number} fraction */
function pct(fraction) {
  return Math.round(fraction * 1000) / 10;
}
