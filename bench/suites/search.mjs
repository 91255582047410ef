// The search issue's figures, per database engine: the server's own time for a search (its
// Server-Timing header), p95 over sequential requests, for one-word, three-word and misspelled
// queries on a large seeded catalogue; and the search endpoint's throughput at 50 connections as a
// share of a bare Fastify route measured in the same run.
import path from 'node:path';
import { assertApiBuilt, startApi } from '../lib/api.mjs';
import { runPerEngine, seededApiEnv } from '../lib/engines.mjs';
import { measure } from '../lib/load.mjs';
import { LOOPBACK } from '../lib/net.mjs';
import {
  formatNumber,
  formatTarget,
  machine,
  share,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { startBareServer } from '../lib/servers.mjs';

/** @typedef {import('../lib/engines.mjs').Engine & { designs: number, p95LimitMs: number, minShareOfBare: number | null }} Engine */
/** @typedef {'oneWord' | 'threeWords' | 'misspelled'} KindKey */

/**
 * Catalogue sizes and limits, the same on both engines: 100 000 designs, and the search endpoint
 * must also serve a share of the bare route's req/s at 50 connections.
 */
const ENGINES = {
  embedded: { designs: 100_000, p95LimitMs: 15, minShareOfBare: 0.03 },
  postgres: { designs: 100_000, p95LimitMs: 15, minShareOfBare: 0.03 },
};
const SEED_TIMEOUT_MS = 30 * 60_000;
/** Requests per kind before measuring (caches, JIT, plans), then measured requests per kind. */
const WARMUP_REQUESTS = 30;
const MEASURED_REQUESTS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * What people type, against the seeded catalogue (apps/api/src/seed/catalog.ts: its 34 designs,
 * repeated as "Name v2", "Name v3"...). One-word queries mix common words (a vase in every 11
 * designs) and rarer ones; misspelled ones name the word their top result must contain.
 * @type {Record<KindKey, { label: string, queries: { text: string, expect?: string }[] }>}
 */
const KINDS = {
  oneWord: {
    label: 'one word',
    queries: ['vase', 'gear', 'terrain', 'lamp', 'chess', 'keychain'].map((text) => ({ text })),
  },
  threeWords: {
    label: 'three words',
    queries: [
      'twisted spiral vase',
      'alpine terrain tile',
      'planetary gear fidget',
      'moon lamp shell',
      'knurled control knob',
    ].map((text) => ({ text, expect: text })),
  },
  misspelled: {
    label: 'misspelled',
    queries: [
      { text: 'twistd', expect: 'twisted' },
      { text: 'lattise', expect: 'lattice' },
      { text: 'keychian', expect: 'keychain' },
      { text: 'terain tile', expect: 'terrain tile' },
      { text: 'plnter', expect: 'planter' },
      { text: 'spirl vase', expect: 'spiral vase' },
    ],
  },
};
const KIND_KEYS = /** @type {KindKey[]} */ (Object.keys(KINDS));

/** @param {string} text */
const searchPath = (text) => `/api/designs/search?${new URLSearchParams({ query: text })}`;

/** @type {import('../lib/suite.mjs').Suite} */
export async function search(ctx) {
  assertApiBuilt();
  return runPerEngine(ctx, 'search', (engine, scope) =>
    runEngine(ctx, { ...engine, ...ENGINES[engine.name] }, scope),
  );
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function runEngine(ctx, engine, scope) {
  const label = `search / ${engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const { settings, signal } = ctx;

  const { env, databaseName, seed } = await seededApiEnv({
    engine,
    scope,
    dirName: `search-${engine.name}`,
    designs: engine.designs,
    timeoutMs: SEED_TIMEOUT_MS,
    signal,
    log,
  });

  const api = await startApi({ env, engine: engine.name, scope, signal, log });
  const checks = await checkAnswers(api.baseUrl);
  for (const check of checks.filter((c) => !c.pass)) log(`answer check FAILED: ${check.detail}`);

  const busy = await warnIfCpuBusy(log, 2_000, 'measuring');

  /** @type {Record<KindKey, ServerTimes>} */
  const serverTimes = /** @type {Record<KindKey, ServerTimes>} */ ({});
  for (const key of KIND_KEYS) {
    log(
      `timing ${KINDS[key].label} searches (${WARMUP_REQUESTS} + ${MEASURED_REQUESTS} sequential requests)`,
    );
    serverTimes[key] = await timeSearches(api.baseUrl, KINDS[key].queries, signal);
  }

  const bare = await startBareServer(scope, signal);
  log(`measuring the bare Fastify baseline (${settings.warmupS} s warm-up + ${settings.durationS} s)`);
  const bareLoad = await measure(
    { name: 'bare Fastify GET /bare', url: `${bare.baseUrl}/bare` },
    settings,
    signal,
  );
  await bare.stop();

  /** @type {(import('../lib/load.mjs').LoadResult & { key: KindKey, shareOfBare: number })[]} */
  const loads = [];
  for (const key of KIND_KEYS) {
    const query = KINDS[key].queries[0]?.text ?? '';
    const name = `GET ${searchPath(query)}`;
    log(`measuring ${name} at ${settings.connections} connections`);
    const r = await measure({ name, url: api.baseUrl + searchPath(query) }, settings, signal);
    loads.push({ ...r, key, shareOfBare: share(r.requestsPerSecond, bareLoad.requestsPerSecond) });
  }
  await api.stop();

  /** @type {import('../lib/report.mjs').Target[]} */
  const targets = KIND_KEYS.map((key) => {
    const times = serverTimes[key];
    const failedCheck = checks.find((c) => c.key === key && !c.pass);
    const blocker = failedCheck
      ? `answer check failed: ${failedCheck.detail}`
      : times.problems.length > 0
        ? times.problems.join('; ')
        : undefined;
    return target(
      `${KINDS[key].label} search, ${engine.designs.toLocaleString('en-US')} designs: p95 server time`,
      times.p95Ms,
      '<',
      engine.p95LimitMs,
      'ms',
      blocker,
    );
  });

  const minShare = engine.minShareOfBare;
  if (minShare !== null) {
    for (const r of loads) {
      targets.push(
        target(
          `${KINDS[r.key].label} search at ${settings.connections} connections: share of the bare route's req/s`,
          Math.round(r.shareOfBare * 1000) / 10,
          '>=',
          minShare * 100,
          '%',
          r.ok ? undefined : r.problems.join('; '),
        ),
      );
    }
  }

  const baseline = { ...bareLoad, shareOfBare: 1 };
  const result = {
    suite: 'search',
    engine: engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeLoad: busy },
    settings: {
      connections: settings.connections,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      designs: engine.designs,
      warmupRequests: WARMUP_REQUESTS,
      measuredRequests: MEASURED_REQUESTS,
      queries: Object.fromEntries(KIND_KEYS.map((key) => [key, KINDS[key].queries.map((q) => q.text)])),
      database: databaseName,
      note: 'server time is the Server-Timing "search" figure of sequential requests; throughput uses the first query of each kind; autocannon runs in the harness process on the same machine as the server',
    },
    seed: { designs: engine.designs, seconds: seed.seconds, output: seed.output },
    serverTimes,
    baseline,
    cases: loads,
    checks,
    targets,
    pass: targets.every((t) => t.pass) && loads.every((r) => r.ok),
  };
  const file = writeResult(`search-${engine.name}`, result);

  printReport(label, result, serverTimes, [baseline, ...loads]);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return {
    label,
    file,
    targets,
    failedCases: [baseline, ...loads].filter((r) => !r.ok).map((r) => r.name),
  };
}

/**
 * @typedef {object} ServerTimes
 * @property {number} requests measured requests
 * @property {number | null} p50Ms server time (Server-Timing)
 * @property {number | null} p95Ms
 * @property {number | null} maxMs
 * @property {number | null} clientP95Ms time from sending to the whole answer, seen by the harness
 * @property {string[]} problems why some requests did not give a figure
 */

/**
 * Sends the queries one after another, round after round, and reads each answer's Server-Timing.
 * @param {string} baseUrl
 * @param {{ text: string }[]} queries
 * @param {AbortSignal} signal
 * @returns {Promise<ServerTimes>}
 */
async function timeSearches(baseUrl, queries, signal) {
  /** @type {number[]} */
  const server = [];
  /** @type {number[]} */
  const client = [];
  /** @type {Map<string, number>} */
  const problems = new Map();
  const note = (/** @type {string} */ problem) => problems.set(problem, (problems.get(problem) ?? 0) + 1);
  for (let i = 0; i < WARMUP_REQUESTS + MEASURED_REQUESTS; i++) {
    signal.throwIfAborted();
    const query = queries[i % queries.length]?.text ?? '';
    const started = performance.now();
    const response = await fetch(baseUrl + searchPath(query), {
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    await response.arrayBuffer();
    const clientMs = performance.now() - started;
    if (i < WARMUP_REQUESTS) continue;
    if (!response.ok) {
      note(`status ${response.status}`);
      continue;
    }
    const serverMs = searchDuration(response.headers.get('server-timing'));
    if (serverMs === null) {
      note('no "search;dur=" in Server-Timing');
      continue;
    }
    server.push(serverMs);
    client.push(clientMs);
  }
  return {
    requests: server.length,
    p50Ms: percentile(server, 50),
    p95Ms: percentile(server, 95),
    maxMs: percentile(server, 100),
    clientP95Ms: percentile(client, 95),
    problems: [...problems].map(([problem, n]) => `${n} requests: ${problem}`),
  };
}

/**
 * The `search` metric's duration in a Server-Timing header (`search;dur=3.2`), or null.
 * @param {string | null} header
 */
function searchDuration(header) {
  const match = /(?:^|,)\s*search\s*(?:;[^,]*?)?;\s*dur=([0-9.]+)/.exec(header ?? '');
  const ms = match ? Number(match[1]) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Nearest-rank percentile; null without values.
 * @param {number[]} values
 * @param {number} p 0 to 100
 */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round((sorted[rank - 1] ?? Number.NaN) * 10) / 10;
}

/**
 * One request per query before measuring, to know the timed answers are real results and not fast
 * empty or error answers: designs found, the exact name first for three words, the corrected word
 * in the first result for misspellings.
 * @param {string} baseUrl
 * @returns {Promise<{ key: KindKey, query: string, pass: boolean, detail: string }[]>}
 */
async function checkAnswers(baseUrl) {
  const checks = [];
  for (const key of KIND_KEYS) {
    for (const query of KINDS[key].queries) {
      const response = await fetch(baseUrl + searchPath(query.text), {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = /** @type {any} */ (await response.json().catch(() => null));
      const first = typeof body?.designs?.[0]?.name === 'string' ? body.designs[0].name : '';
      const timing = searchDuration(response.headers.get('server-timing'));
      const pass =
        response.status === 200 &&
        Array.isArray(body?.designs) &&
        body.designs.length > 0 &&
        timing !== null &&
        (!query.expect || first.toLowerCase().includes(query.expect)) &&
        (key !== 'misspelled' || body.approximate === true);
      checks.push({
        key,
        query: query.text,
        pass,
        detail: `"${query.text}": status ${response.status}, ${body?.total ?? '?'} designs, first "${first}", approximate ${body?.approximate}, Server-Timing ${timing ?? 'missing'}`,
      });
    }
  }
  return checks;
}

/**
 * @param {string} label
 * @param {{ settings: { connections: number, durationS: number, warmupS: number, designs: number },
 *   machine: ReturnType<typeof machine> & { cpuBusyBeforeLoad: number | null },
 *   seed: { seconds: number }, targets: import('../lib/report.mjs').Target[] }} result
 * @param {Record<KindKey, ServerTimes>} serverTimes
 * @param {(import('../lib/load.mjs').LoadResult & { shareOfBare: number })[]} rows
 */
function printReport(label, result, serverTimes, rows) {
  const s = result.settings;
  const m = result.machine;
  console.log(
    `\n${label}: ${s.designs.toLocaleString('en-US')} designs (seeded in ${result.seed.seconds} s); ` +
      `${m.cpus} CPUs, Node ${m.node}; requests to ${LOOPBACK} only`,
  );
  if (typeof m.cpuBusyBeforeLoad === 'number' && m.cpuBusyBeforeLoad > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(m.cpuBusyBeforeLoad * 100)} % busy just before measuring; ` +
        'absolute figures are high and noisy',
    );
  }
  const ms = (/** @type {number | null} */ v) => (v === null ? '-' : formatNumber(v));
  console.log(
    table(
      ['server time (Server-Timing)', 'requests', 'p50 ms', 'p95 ms', 'max ms', 'client p95 ms'],
      KIND_KEYS.map((key) => {
        const t = serverTimes[key];
        return [
          KINDS[key].label,
          String(t.requests),
          ms(t.p50Ms),
          ms(t.p95Ms),
          ms(t.maxMs),
          ms(t.clientP95Ms),
        ];
      }),
    ),
  );
  for (const key of KIND_KEYS)
    for (const problem of serverTimes[key].problems) console.log(`  ${key}: ${problem}`);
  console.log(
    `\nthroughput: ${s.connections} connections, ${s.durationS} s per case after ${s.warmupS} s warm-up\n` +
      table(
        ['case', 'req/s', 'vs bare', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'result'],
        rows.map((r) => [
          r.name,
          formatNumber(r.requestsPerSecond),
          `${(Math.round(r.shareOfBare * 1000) / 10).toFixed(1)} %`,
          String(r.latencyMs.p50),
          String(r.latencyMs.p99),
          r.requests.toLocaleString('en-US'),
          String(r.non2xx),
          String(r.errors),
          r.ok ? 'ok' : 'FAILED',
        ]),
      ),
  );
  console.log("vs bare: share of the bare route's req/s in the same run");
  for (const r of rows) for (const problem of r.problems) console.log(`  ${r.name}: ${problem}`);
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}
