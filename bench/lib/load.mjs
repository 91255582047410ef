import { createRequire } from 'node:module';
import { message } from './resources.mjs';

/**
 * The part of autocannon's programmatic API and results that the benchmarks use (the package
 * ships no types).
 * @typedef {{ average: number, mean: number, stddev: number, min: number, max: number, total: number,
 *   p50: number, p90: number, p97_5: number, p99: number, p99_9: number }} Histogram
 * @typedef {{ requests: Histogram, latency: Histogram, throughput: Histogram, duration: number,
 *   errors: number, timeouts: number, mismatches: number, non2xx: number, '2xx': number,
 *   connections: number,
 *   statusCodeStats: Record<string, { count: number }> }} AutocannonResult
 * @typedef {{ stop(): void }} AutocannonInstance
 * @typedef {(options: Record<string, unknown>, done: (err: Error | null, result: AutocannonResult) => void)
 *   => AutocannonInstance} Autocannon
 */

const require = createRequire(import.meta.url);
const autocannon = /** @type {Autocannon} */ (require('autocannon'));

/**
 * @typedef {object} LoadSettings
 * @property {number} connections concurrent connections
 * @property {number} durationS measured seconds per case
 * @property {number} warmupS seconds of load before measuring (not counted)
 */

/**
 * @typedef {object} LoadCase
 * @property {string} name label in tables and results
 * @property {string} url full URL on 127.0.0.1
 * @property {Record<string, string>} [headers]
 */

/**
 * @typedef {object} LoadResult
 * @property {string} name
 * @property {string} method
 * @property {string} path
 * @property {number} connections concurrent connections of the run
 * @property {number} requestsPerSecond mean of the per-second samples
 * @property {number} requests completed requests in the measured window
 * @property {number} durationS length of the measured window
 * @property {{ p50: number, p90: number, p99: number, mean: number, max: number }} latencyMs
 * @property {number} non2xx responses with a status outside 2xx
 * @property {number} errors connection errors (timeouts included)
 * @property {number} timeouts
 * @property {Record<string, number>} statusCodes
 * @property {number | null} drainMs how long after the run a new request waited for its answer
 *   (the server working off requests whose connections autocannon had closed)
 * @property {boolean} ok every response was 2xx and some were measured
 * @property {string[]} problems why it is not ok
 */

/**
 * Warms up, then measures one case with autocannon.
 * @param {LoadCase} loadCase
 * @param {LoadSettings} settings
 * @param {AbortSignal} [signal]
 * @returns {Promise<LoadResult>}
 */
export async function measure(loadCase, settings, signal) {
  const [result] = await measureTogether([loadCase], settings, signal);
  if (!result) throw new Error(`${loadCase.name}: no result`);
  return result;
}

/**
 * Warms up, then measures several cases at the same time as one load spread over them:
 * `settings.connections` in total, shared out evenly (the first cases get one more when they do not
 * divide). Each case is its own autocannon run, all started together, so each has a result of its
 * own; autocannon also takes several URLs in one run, but then reports one latency histogram for
 * all of them.
 * @param {LoadCase[]} loadCases
 * @param {LoadSettings} settings
 * @param {AbortSignal} [signal]
 * @returns {Promise<LoadResult[]>}
 */
export async function measureTogether(loadCases, settings, signal) {
  const n = loadCases.length;
  const connections = loadCases.map(
    (_, i) => Math.floor(settings.connections / n) + (i < settings.connections % n ? 1 : 0),
  );
  if (connections.some((c) => c < 1)) {
    throw new Error(`${settings.connections} connections cannot be spread over ${n} cases`);
  }
  /** @type {string[][]} */
  const problems = loadCases.map(() => []);
  if (settings.warmupS > 0) {
    await together(loadCases.map((c, i) => fire(c, connections[i] ?? 1, settings.warmupS, signal)));
    await Promise.all(
      loadCases.map((c, i) =>
        settle(c, signal).catch((err) => problems[i]?.push(`after the warm-up: ${message(err)}`)),
      ),
    );
  }
  const runs = await together(
    loadCases.map((c, i) => fire(c, connections[i] ?? 1, settings.durationS, signal)),
  );
  const drains = await Promise.all(
    loadCases.map((c, i) =>
      settle(c, signal).catch((err) => {
        problems[i]?.push(`after the load: ${message(err)}`);
        return null;
      }),
    ),
  );
  return loadCases.map((c, i) =>
    loadResult(c, /** @type {AutocannonResult} */ (runs[i]), drains[i] ?? null, problems[i] ?? []),
  );
}

/**
 * The figures of a load measured together (measureTogether) as one: requests and failures summed,
 * latency percentiles the worst case's (percentiles of separate runs cannot be averaged; the
 * mean, weighted by requests, can), ok when every case was.
 * @param {string} name
 * @param {LoadResult[]} results
 * @returns {LoadResult}
 */
export function combined(name, results) {
  const sum = (/** @type {(r: LoadResult) => number} */ pick) => results.reduce((a, r) => a + pick(r), 0);
  const worst = (/** @type {keyof LoadResult['latencyMs']} */ key) =>
    Math.max(...results.map((r) => r.latencyMs[key]));
  const requests = sum((r) => r.requests);
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const r of results) {
    for (const [code, count] of Object.entries(r.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  const drains = results.map((r) => r.drainMs);
  return {
    name,
    method: results[0]?.method ?? 'GET',
    path: results[0]?.path ?? '',
    connections: sum((r) => r.connections),
    requestsPerSecond: round(
      sum((r) => r.requestsPerSecond),
      1,
    ),
    requests,
    durationS: Math.max(...results.map((r) => r.durationS)),
    latencyMs: {
      p50: worst('p50'),
      p90: worst('p90'),
      p99: worst('p99'),
      mean: requests > 0 ? round(sum((r) => r.latencyMs.mean * r.requests) / requests, 2) : 0,
      max: worst('max'),
    },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
    drainMs: drains.includes(null) ? null : Math.max(...drains.map(Number)),
    ok: results.length > 0 && results.every((r) => r.ok),
    problems: results.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`)),
  };
}

/**
 * @param {LoadCase} loadCase
 * @param {AutocannonResult} r
 * @param {number | null} drainMs
 * @param {string[]} problems found so far
 * @returns {LoadResult}
 */
function loadResult(loadCase, r, drainMs, problems) {
  const url = new URL(loadCase.url);
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(stat.count);
  if (r.non2xx > 0) problems.push(`${r.non2xx} non-2xx responses (${JSON.stringify(statusCodes)})`);
  if (r.errors > 0) problems.push(`${r.errors} connection errors (${r.timeouts} timeouts)`);
  if (r.requests.total === 0) problems.push('no request completed');
  return {
    name: loadCase.name,
    method: 'GET',
    path: url.pathname + url.search,
    connections: r.connections,
    requestsPerSecond: round(r.requests.average, 1),
    requests: r.requests.total,
    durationS: r.duration,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      mean: round(r.latency.mean, 2),
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    drainMs: drainMs === null ? null : Math.round(drainMs),
    ok: problems.length === 0,
    problems,
  };
}

/**
 * Waits for every run, so none is still loading the server when this returns, then throws the
 * first failure, if any.
 * @template T
 * @param {Promise<T>[]} runs
 * @returns {Promise<T[]>}
 */
async function together(runs) {
  const settled = await Promise.allSettled(runs);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => /** @type {PromiseFulfilledResult<T>} */ (s).value);
}

/** How long the server may take to work off a run's leftover requests. */
const SETTLE_TIMEOUT_MS = 60_000;

/**
 * Waits until the server has answered what a finished run left behind: requests of connections
 * autocannon closed are still queued (behind the API's few pooled database connections), and would otherwise
 * slow down the start of the next run. One request to the same URL is answered after them.
 * Returns how long it waited, in ms.
 * @param {LoadCase} loadCase
 * @param {AbortSignal} [signal]
 */
async function settle(loadCase, signal) {
  const started = performance.now();
  const timeout = AbortSignal.timeout(SETTLE_TIMEOUT_MS);
  const response = await fetch(loadCase.url, {
    headers: loadCase.headers,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  }).catch((err) => {
    if (timeout.aborted) throw new Error(`still no answer ${SETTLE_TIMEOUT_MS / 1000} s after the run`);
    throw err;
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`answered ${response.status} after the run`);
  return performance.now() - started;
}

/**
 * One autocannon run, stopped early on abort, and failed when it overruns its duration by far.
 * @param {LoadCase} loadCase
 * @param {number} connections
 * @param {number} durationS
 * @param {AbortSignal} [signal]
 * @returns {Promise<AutocannonResult>}
 */
function fire(loadCase, connections, durationS, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let overran = false;
    const onAbort = () => instance.stop();
    const instance = autocannon(
      {
        url: loadCase.url,
        headers: loadCase.headers ?? {},
        connections,
        duration: durationS,
        pipelining: 1,
        timeout: 10,
      },
      (err, result) => {
        clearTimeout(guard);
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) reject(signal.reason);
        else if (overran) reject(new Error(`${loadCase.name}: the load run did not end on time`));
        else if (err) reject(err);
        else resolve(result);
      },
    );
    // Requests time out after 10 s, so a run ends within its duration plus that; stop it otherwise.
    const guard = setTimeout(
      () => {
        overran = true;
        instance.stop();
      },
      (durationS + 30) * 1000,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * @param {number} value
 * @param {number} digits
 */
function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
