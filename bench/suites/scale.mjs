// Several API instances on one PostgreSQL database: the home listing under 100 connections on one
// instance, then on two instances sharing the database, JWT secret and DATA_DIR, the same 100
// connections split evenly between them, in the same run, as a ratio. Nothing sits between the
// load generator and the instances: each gets its half directly. On two cores little gain is
// expected; the target is no errors and no regression. One instance is measured before and after
// the two (the baseline is their mean), so a change of the machine's load during the run weighs on
// both sides alike. PostgreSQL only (the embedded server serves one process).
import path from 'node:path';
import { assertApiBuilt, startApi } from '../lib/api.mjs';
import { runPerEngine } from '../lib/engines.mjs';
import { combined, measure, measureTogether } from '../lib/load.mjs';
import {
  formatNumber,
  formatTarget,
  loadAverage,
  machineUnderLoad,
  printLoadHeading,
  share,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { checkListing, DESIGNS, LISTING, seededCatalogue } from './foundation.mjs';

/** The load, in total whatever the number of instances. */
const CONNECTIONS = 100;
const INSTANCES = 2;
/** Two instances serve at least this share of one's requests per second, without errors. */
const MIN_RATIO = 0.9;

/** @typedef {import('../lib/load.mjs').LoadResult} LoadResult */

/** @type {import('../lib/suite.mjs').Suite} */
export async function scale(ctx) {
  assertApiBuilt();
  return runPerEngine(ctx, 'scale', (engine, scope) => runEngine(ctx, engine, scope), ['postgres']);
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/engines.mjs').Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function runEngine(ctx, engine, scope) {
  const label = `scale / ${engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const { signal } = ctx;
  const settings = { ...ctx.settings, connections: CONNECTIONS };

  const { env, databaseName, seed } = await seededCatalogue(engine, scope, signal, log);
  /** @param {number} n how many instances run */
  const startInstances = async (n) => {
    const apis = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        startApi({ env, engine: `${engine.name}, instance ${i + 1} of ${n}`, scope, signal, log }),
      ),
    );
    // The measured answers must be the real page, not fast errors or an empty shop.
    for (const api of apis) {
      const check = await checkListing(api.baseUrl, 1);
      if (!check.pass) throw new Error(`${api.baseUrl}${LISTING.path}: ${check.detail}`);
    }
    return apis;
  };
  const measuredLoad = `${settings.warmupS} s warm-up + ${settings.durationS} s`;

  /** @param {string} when before or after the two */
  const measureOne = async (when) => {
    const [single] = await startInstances(1);
    if (!single) throw new Error('no instance started');
    log(`measuring one instance ${when} at ${CONNECTIONS} connections (${measuredLoad})`);
    const result = await measure(
      { name: `one instance (${when}): ${LISTING.name}`, url: single.baseUrl + LISTING.path },
      settings,
      signal,
    );
    await single.stop();
    return { result, startupMs: Math.round(single.startupMs) };
  };

  const busy = await warnIfCpuBusy(log, 2_000, 'the load');
  const oneBefore = await measureOne('before');

  const pair = await startInstances(INSTANCES);
  log(`measuring ${INSTANCES} instances, ${CONNECTIONS / INSTANCES} connections each (${measuredLoad})`);
  const each = await measureTogether(
    pair.map((api, i) => ({ name: `instance ${i + 1} of ${INSTANCES}`, url: api.baseUrl + LISTING.path })),
    settings,
    signal,
  );
  await Promise.all(pair.map((api) => api.stop()));
  const both = combined(`${INSTANCES} instances: ${LISTING.name}`, each);
  const oneAfter = await measureOne('after');
  const loadAfter = loadAverage();

  const ones = /** @type {const} */ ([oneBefore.result, oneAfter.result]);
  const baseline = (ones[0].requestsPerSecond + ones[1].requestsPerSecond) / 2;
  const ratio = share(both.requestsPerSecond, baseline);
  const failed = [...ones, ...each].filter((r) => !r.ok);
  const targets = [
    target(
      `no errors, and ${INSTANCES} instances' req/s >= ${MIN_RATIO} x one's (mean of before and after)`,
      ratio,
      '>=',
      MIN_RATIO,
      'x',
      failed.length > 0 ? `failed requests: ${failed.map((r) => r.name).join(', ')}` : undefined,
    ),
  ];

  const result = {
    suite: 'scale',
    engine: engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machineUnderLoad(busy, loadBefore, loadAfter),
    settings: {
      connections: CONNECTIONS,
      instances: INSTANCES,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      designs: DESIGNS,
      database: databaseName,
      note:
        'autocannon runs in the harness process on the same machine as the servers and the database; ' +
        'the instances share one DATA_DIR and JWT secret, each is loaded directly on its own port',
    },
    seed,
    cases: { oneBefore: ones[0], two: both, instances: each, oneAfter: ones[1] },
    oneBaselineRequestsPerSecond: Math.round(baseline),
    twoVsOne: ratio,
    startupMs: {
      one: [oneBefore.startupMs, oneAfter.startupMs],
      two: pair.map((api) => Math.round(api.startupMs)),
    },
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult(`scale-${engine.name}`, result);

  printReport(label, result, [
    [ones[0], share(ones[0].requestsPerSecond, baseline)],
    ...each.map((r) => /** @type {[LoadResult, number]} */ ([r, 0])),
    [both, ratio],
    [ones[1], share(ones[1].requestsPerSecond, baseline)],
  ]);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: failed.map((r) => r.name) };
}

/**
 * @param {string} label
 * @param {{ settings: { durationS: number, warmupS: number },
 *   machine: ReturnType<typeof machineUnderLoad>,
 *   seed: { seconds: number }, targets: import('../lib/report.mjs').Target[] }} result
 * @param {[LoadResult, number][]} rows each with its req/s as a multiple of one instance's (0: none)
 */
function printReport(label, result, rows) {
  const s = result.settings;
  printLoadHeading(
    `${label}: ${DESIGNS.toLocaleString('en-US')} designs, ${CONNECTIONS} connections in total`,
    s,
    result.machine,
  );
  console.log(
    table(
      [
        'case',
        'connections',
        'req/s',
        'vs one',
        'p50 ms',
        'p99 ms',
        'requests',
        'non-2xx',
        'errors',
        'result',
      ],
      rows.map(([r, vsOne]) => [
        r.name,
        String(r.connections),
        formatNumber(r.requestsPerSecond),
        vsOne > 0 ? `${vsOne.toFixed(2)} x` : '-',
        String(r.latencyMs.p50),
        String(r.latencyMs.p99),
        r.requests.toLocaleString('en-US'),
        String(r.non2xx),
        String(r.errors),
        r.ok ? 'ok' : 'FAILED',
      ]),
    ),
  );
  console.log(
    `${INSTANCES} instances: req/s, requests and failures summed over the instances; p50 and p99 the ` +
      "worse instance's (percentiles of separate runs are not averaged)",
  );
  console.log("'vs one': against the mean of one instance's req/s before and after the two");
  for (const [r] of rows) for (const problem of r.problems) console.log(`  ${r.name}: ${problem}`);
  console.log(`seed of ${DESIGNS.toLocaleString('en-US')} designs: ${result.seed.seconds} s`);
  console.log('target:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}
