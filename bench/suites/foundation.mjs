// The foundation issue's figures, per database engine: the home listing (first and a deep page)
// and the current-user call under load, against a bare Fastify route measured in the same run;
// the memory of the API and its database after the load; how fast a second `npm start` on a
// seeded database answers; and how fast a first start on an empty data folder listens, with and
// without the demo content. BENCH_CASES (e.g. `currentUser`) measures only the cases it names.
import path from 'node:path';
import { buildIsCurrent } from '../../scripts/source-stamp.mjs';
import { apiEnv, assertApiBuilt, registerUser, startApi } from '../lib/api.mjs';
import { embeddedServerProcesses, guardEmbeddedServer } from '../lib/embedded-db.mjs';
import { runPerEngine, seededApiEnv } from '../lib/engines.mjs';
import { measure } from '../lib/load.mjs';
import { requestJson } from '../lib/net.mjs';
import { createTempDatabase } from '../lib/postgres.mjs';
import { processMemory, summedMemory } from '../lib/process-tree.mjs';
import {
  formatNumber,
  formatTarget,
  loadAverage,
  machineUnderLoad,
  mb,
  median,
  printLoadHeading,
  share,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { startBareServer } from '../lib/servers.mjs';
import { chosen } from '../lib/settings.mjs';
import { describeStart, timeNpmStart } from '../lib/start-timing.mjs';
import { makeTempDir } from '../lib/suite.mjs';

/** The seeded catalogue (seededCatalogue; the scale suite measures the listing on the same). */
export const DESIGNS = 10_000;
/** The listing's default page size (docs/api.md). */
const PAGE_SIZE = 12;
/**
 * The encodings a browser accepts: the API answers compressed when it may, as it does for the web
 * app, so the compression's CPU cost is part of every figure.
 */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** The home listing's first page, as the web app asks for it. */
export const LISTING = { name: 'GET /api/designs/newest?page=1', path: '/api/designs/newest?page=1' };
/** Offset 9 588 of 10 000: close to the end, still a full page. */
const DEEP_PAGE = 800;
const SEED_TIMEOUT_MS = 15 * 60_000;
/** Second starts measured; the target is on their median (one start is one noisy sample). */
const SECOND_STARTS = 3;
/** How long a first start may take before it counts as failed (demo seeding may hold it up). */
const FIRST_START_TIMEOUT_MS = 10 * 60_000;
/** The issue's targets. */
const LIMITS = {
  listingShareOfBarePct: 15,
  listingP99Ms: 50,
  currentUserShareOfBarePct: 10,
  memoryMB: 250,
  secondStartMs: 2_000,
  firstStartMs: 10_000,
};

/** @typedef {import('../lib/engines.mjs').Engine} Engine */
/** @typedef {import('../lib/start-timing.mjs').StartFacts} StartFacts */
/** @typedef {'listing' | 'deepPage' | 'currentUser'} CaseKey */
/**
 * @typedef {import('../lib/load.mjs').LoadResult & { key?: CaseKey, shareOfBare: number }} CaseResult
 */
/**
 * Memory of the API and, on the embedded engine, of its database server's processes, in MB.
 * @typedef {{ apiRssMB: number, apiPssMB: number | null, databaseRssMB: number | null,
 *   databasePssMB: number | null, databaseProcesses: number, totalRssMB: number,
 *   totalPssMB: number | null }} MemoryFigures
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
  const loadBefore = loadAverage();
  const { settings, signal } = ctx;
  const embedded = engine.name === 'embedded';

  const { env, databaseName, seed } = await seededCatalogue(engine, scope, signal, log);
  const dataDir = embedded ? (env.DATA_DIR ?? null) : null;

  const api = await startApi({ env, engine: engine.name, scope, signal, log });
  const idleMemory = memoryOf(api.proc.pid, dataDir);

  const token = await registerUser(api.baseUrl);
  const allCases = /** @type {const} */ ([
    { key: 'listing', ...LISTING },
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
  const bareMemory = processMemory(bare.proc.pid);
  const bareStartMs = Math.round(bare.startupMs);
  await bare.stop();
  const bareRps = bareLoad.requestsPerSecond;

  /** @type {CaseResult[]} */
  const results = [];
  for (const c of cases) {
    log(`measuring ${c.name}`);
    const r = await measure(
      {
        name: c.name,
        url: api.baseUrl + c.path,
        headers: { ...BROWSER_ENCODINGS, ...(c.key === 'currentUser' ? headers : {}) },
      },
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
  const loadedMemory = memoryOf(api.proc.pid, dataDir);
  const peakApiRssMB = mb(api.memory().peakRssBytes);
  await api.stop();

  // The target is about what a person runs: `npm start` (its build check included) on the same data.
  // A build older than the sources would make that start rebuild first and time the build instead.
  if (!buildIsCurrent()) {
    throw new Error('The build is older than the sources: run `npm run bench`, which builds first.');
  }
  /** @type {StartFacts[]} */
  const secondStarts = [];
  for (let i = 1; i <= SECOND_STARTS; i++) {
    const facts = await timeNpmStart({
      label: `npm start (${engine.name}, again)`,
      env,
      dataDir,
      scope,
      signal,
    });
    log(`second \`npm start\` ${i}/${SECOND_STARTS}: ${describeStart(facts)}`);
    secondStarts.push(facts);
  }
  const secondStartMs = median(secondStarts.map((s) => s.ms));

  const firstStarts = {
    withoutDemo: await firstStart(ctx, engine, scope, { demo: false, log }),
    withDemo: await firstStart(ctx, engine, scope, { demo: true, log }),
  };
  const loadAfter = loadAverage();

  /** @type {import('../lib/report.mjs').Target[]} */
  const targets = [];
  for (const r of results) {
    const blocker = r.ok ? undefined : 'the case had failed requests';
    if (r.key === 'currentUser') {
      targets.push(
        target(
          `${r.name}: throughput vs bare`,
          pct(r.shareOfBare),
          '>=',
          LIMITS.currentUserShareOfBarePct,
          '%',
          blocker,
        ),
      );
      continue;
    }
    targets.push(
      target(
        `${r.name}: throughput vs bare`,
        pct(r.shareOfBare),
        '>=',
        LIMITS.listingShareOfBarePct,
        '%',
        blocker,
      ),
      target(`${r.name}: p99 latency`, r.latencyMs.p99, '<=', LIMITS.listingP99Ms, 'ms', blocker),
    );
  }
  // On the embedded engine the API and its database server's processes together, by PSS: RSS
  // counts a page in every process that maps it, so a sum of RSS counts PostgreSQL's shared
  // buffers (mapped by every backend) and the programs' code several times over; PSS divides each
  // shared page among the processes sharing it, so the sum is what the group takes. (Pages shared
  // with processes outside the group, such as Node's code with other Node processes, are partly
  // counted there: on a machine running other Node processes the sum is a little low.) With an
  // external server, which other databases share, the API's RSS alone.
  targets.push(
    embedded
      ? target(
          'memory after the load: API + embedded PostgreSQL, summed PSS',
          loadedMemory.totalPssMB ?? loadedMemory.totalRssMB,
          '<=',
          LIMITS.memoryMB,
          'MB',
          loadedMemory.totalPssMB === null ? 'no PSS on this kernel: the RSS sum is shown' : undefined,
        )
      : target('memory after the load: API RSS', loadedMemory.apiRssMB, '<=', LIMITS.memoryMB, 'MB'),
    target(
      `second \`npm start\`: spawn to first 200 of /api/health (median of ${SECOND_STARTS})`,
      secondStartMs,
      '<=',
      LIMITS.secondStartMs,
      'ms',
    ),
    target(
      'first `npm start` on an empty data folder (SEED_DEMO=false): spawn to first 200',
      firstStarts.withoutDemo.ms,
      '<=',
      LIMITS.firstStartMs,
      'ms',
    ),
    target(
      'first `npm start` on an empty data folder (demo content): spawn to first 200',
      firstStarts.withDemo.ms,
      '<=',
      LIMITS.firstStartMs,
      'ms',
    ),
  );

  const baseline = { ...bareLoad, shareOfBare: 1, rssMB: mb(bareMemory.rssBytes) };
  const result = {
    suite: 'foundation',
    engine: engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machineUnderLoad(busy, loadBefore, loadAfter),
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
      note: embedded
        ? 'API process plus every process of its embedded PostgreSQL server; targets on summed PSS'
        : 'API process only (the PostgreSQL server is shared)',
      idle: idleMemory,
      afterLoad: loadedMemory,
      apiPeakRssMB: peakApiRssMB,
      bareRssMB: baseline.rssMB,
      barePssMB: bareMemory.pssBytes === null ? null : mb(bareMemory.pssBytes),
    },
    startup: {
      firstStartOnSeededMs: Math.round(api.startupMs),
      bareStartMs,
      secondStarts,
      secondStartMs,
      secondStartVsBare: Math.round((secondStartMs / bareStartMs) * 10) / 10,
      firstStarts,
    },
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
 * The API's environment on a database of `engine` seeded with this suite's catalogue. Named after
 * the engine alone, so a database kept with BENCH_KEEP_SEEDED=1 serves every suite that measures
 * this catalogue.
 * @param {Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @param {AbortSignal} signal
 * @param {(line: string) => void} log
 */
export function seededCatalogue(engine, scope, signal, log) {
  return seededApiEnv({
    engine,
    scope,
    dirName: engine.name,
    designs: DESIGNS,
    timeoutMs: SEED_TIMEOUT_MS,
    signal,
    log,
  });
}

/**
 * `npm start` on an empty data folder (and, for an external server, an empty database), with or
 * without the demo content, until it answers; then stopped.
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @param {{ demo: boolean, log: (line: string) => void }} options
 * @returns {Promise<StartFacts>}
 */
async function firstStart(ctx, engine, scope, { demo, log }) {
  const what = demo ? 'demo content' : 'SEED_DEMO=false';
  const dataDir = await makeTempDir(scope, `${engine.name}-first-${demo ? 'demo' : 'empty'}`);
  /** @type {string | undefined} */
  let databaseUrl;
  if (engine.serverUrl) databaseUrl = (await createTempDatabase(engine.serverUrl, scope)).url;
  else guardEmbeddedServer(scope, dataDir);
  const env = apiEnv({ dataDir, databaseUrl });
  if (demo) delete env.SEED_DEMO; // the default: demo content in an empty shop
  const facts = await timeNpmStart({
    label: `npm start (${engine.name}, first, ${what})`,
    env,
    dataDir: databaseUrl ? null : dataDir,
    scope,
    signal: ctx.signal,
    timeoutMs: FIRST_START_TIMEOUT_MS,
  });
  log(`first \`npm start\` on an empty data folder (${what}): ${describeStart(facts)}`);
  return facts;
}

/**
 * Memory of the API process and, given the embedded engine's DATA_DIR, of its database server.
 * @param {number} apiPid
 * @param {string | null} dataDir
 * @returns {MemoryFigures}
 */
function memoryOf(apiPid, dataDir) {
  const api = processMemory(apiPid);
  const database = dataDir ? summedMemory(embeddedServerProcesses(dataDir)) : null;
  const pss = (/** @type {number | null} */ bytes) => (bytes === null ? null : mb(bytes));
  return {
    apiRssMB: mb(api.rssBytes),
    apiPssMB: pss(api.pssBytes),
    databaseRssMB: database ? mb(database.rssBytes) : null,
    databasePssMB: database ? pss(database.pssBytes) : null,
    databaseProcesses: database?.processes ?? 0,
    totalRssMB: mb(api.rssBytes + (database?.rssBytes ?? 0)),
    totalPssMB:
      api.pssBytes === null || (database && database.pssBytes === null)
        ? null
        : mb(api.pssBytes + (database?.pssBytes ?? 0)),
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
  const user = await requestJson(`${baseUrl}/api/auth/user`, { headers });
  const userOk = user.status === 200 && typeof user.body?.username === 'string';
  return [
    { key: 'listing', ...(await checkListing(baseUrl, 1)) },
    { key: 'deepPage', ...(await checkListing(baseUrl, DEEP_PAGE)) },
    {
      key: 'currentUser',
      pass: userOk,
      detail: `status ${user.status}${userOk ? `, user ${user.body.username}` : `: ${JSON.stringify(user.body).slice(0, 200)}`}`,
    },
  ];
}

/**
 * Whether page `page` of the newest designs is a full page of the seeded catalogue.
 * @param {string} baseUrl
 * @param {number} page
 */
export async function checkListing(baseUrl, page) {
  const { status, body } = await requestJson(`${baseUrl}/api/designs/newest?page=${page}`);
  const count = Array.isArray(body?.designs) ? body.designs.length : -1;
  const pass = status === 200 && count === PAGE_SIZE && body?.total === DESIGNS;
  return { pass, detail: `page ${page}: status ${status}, ${count} designs, total ${body?.total}` };
}

/**
 * @param {string} label
 * @param {{ settings: { connections: number, durationS: number, warmupS: number },
 *   machine: ReturnType<typeof machineUnderLoad>,
 *   seed: { seconds: number },
 *   memory: { idle: MemoryFigures, afterLoad: MemoryFigures, apiPeakRssMB: number, bareRssMB: number,
 *     barePssMB: number | null },
 *   startup: { firstStartOnSeededMs: number, bareStartMs: number, secondStarts: StartFacts[],
 *     secondStartMs: number, secondStartVsBare: number,
 *     firstStarts: { withoutDemo: StartFacts, withDemo: StartFacts } },
 *   targets: import('../lib/report.mjs').Target[] }} result
 * @param {(import('../lib/load.mjs').LoadResult & { shareOfBare: number })[]} rows
 */
function printReport(label, result, rows) {
  const s = result.settings;
  printLoadHeading(
    `${label}: ${DESIGNS.toLocaleString('en-US')} designs, ${s.connections} connections`,
    s,
    result.machine,
  );
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
  console.log(`seed of ${DESIGNS.toLocaleString('en-US')} designs: ${result.seed.seconds} s`);
  const mem = result.memory;
  /** @param {MemoryFigures} f */
  const memoryLine = (f) =>
    f.databaseRssMB === null
      ? `API RSS ${f.apiRssMB} MB, PSS ${f.apiPssMB ?? 'n/a'} MB`
      : `API + ${f.databaseProcesses} database processes: PSS ${f.totalPssMB ?? 'n/a'} MB ` +
        `(API ${f.apiPssMB ?? 'n/a'} + database ${f.databasePssMB ?? 'n/a'}), RSS summed ${f.totalRssMB} MB ` +
        `(API ${f.apiRssMB} + database ${f.databaseRssMB})`;
  console.log(`memory idle: ${memoryLine(mem.idle)}`);
  console.log(`memory after the load: ${memoryLine(mem.afterLoad)}; API peak RSS ${mem.apiPeakRssMB} MB`);
  console.log(`bare Fastify: RSS ${mem.bareRssMB} MB, PSS ${mem.barePssMB ?? 'n/a'} MB`);
  const st = result.startup;
  console.log(
    `start, spawn to first 200 of /api/health: bare Fastify ${st.bareStartMs} ms; ` +
      `API on the seeded database (node server.js) ${st.firstStartOnSeededMs} ms`,
  );
  for (const [i, f] of st.secondStarts.entries()) {
    console.log(`  second \`npm start\` ${i + 1}: ${describeStart(f)}`);
  }
  console.log(
    `  second \`npm start\`, median: ${st.secondStartMs} ms (${st.secondStartVsBare} x bare Fastify's start)`,
  );
  console.log(
    `  first \`npm start\`, empty data folder, SEED_DEMO=false: ${describeStart(st.firstStarts.withoutDemo)}`,
  );
  console.log(
    `  first \`npm start\`, empty data folder, demo content: ${describeStart(st.firstStarts.withDemo)}`,
  );
  console.log(
    "  (CPU: user + system time of the start's processes until the first 200, the database server's included)",
  );
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}

/** @param {number} fraction */
function pct(fraction) {
  return Math.round(fraction * 1000) / 10;
}
