import { createRequire } from 'node:module';
import { message } from './resources.mjs';

/**
 * The part of autocannon's programmatic API and results that the benchmarks use (the package
 * ships no types).
 * @typedef {{ average: number, mean: number, stddev: number, min: number, max: number, total: number,
 *   p50: number, p90: number, p97_5: number, p99: number, p99_9: number }} Histogram
 * @typedef {{ requests: Histogram, latency: Histogram, throughput: Histogram, duration: number,
 *   errors: number, timeouts: number, mismatches: number, non2xx: number, '2xx': number,
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
  /** @type {string[]} */
  const problems = [];
  if (settings.warmupS > 0) {
    await fire(loadCase, settings.connections, settings.warmupS, signal);
    await settle(loadCase, signal).catch((err) => problems.push(`after the warm-up: ${message(err)}`));
  }
  const r = await fire(loadCase, settings.connections, settings.durationS, signal);
  const drainMs = await settle(loadCase, signal).catch((err) => {
    problems.push(`after the load: ${message(err)}`);
    return null;
  });
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
