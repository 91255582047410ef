import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Benchmarks talk to this address only. */
export const LOOPBACK = '127.0.0.1';

/**
 * A TCP port that is free on 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not get a free port'));
      });
    });
  });
}

/**
 * Throws unless the URL points at this machine (loopback address or a Unix socket).
 * @param {string} url
 * @param {string} what name of the setting, for the message
 */
export function assertLocal(url, what) {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const socketHost = parsed.searchParams.get('host') ?? '';
  const local =
    host === 'localhost' ||
    host === '::1' ||
    /^127\./.test(host) ||
    (host === '' && socketHost.startsWith('/'));
  if (!local)
    throw new Error(`${what} must point at this machine (127.0.0.1), not ${host || '(empty host)'}`);
}

/**
 * One JSON request with a time limit.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: unknown, timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function requestJson(url, options = {}) {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/**
 * Polls `url` until it answers 200, the deadline passes, or `exited` settles (the server died).
 * Returns performance.now() of the first 200.
 * @param {string} url
 * @param {{ timeoutMs: number, exited?: Promise<unknown>, signal?: AbortSignal, intervalMs?: number }} options
 * @returns {Promise<number>}
 */
export async function waitUntilUp(url, options) {
  const deadline = performance.now() + options.timeoutMs;
  let dead = false;
  void options.exited?.then(() => {
    dead = true;
  });
  let lastProblem = 'no answer';
  while (performance.now() < deadline) {
    options.signal?.throwIfAborted();
    if (dead) throw new Error(`the server exited before answering ${url}`);
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(Math.max(100, Math.min(2_000, deadline - performance.now()))),
      });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
      lastProblem = `status ${response.status}`;
    } catch (err) {
      lastProblem =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    }
    await sleep(options.intervalMs ?? 10);
  }
  throw new Error(
    `${url} did not answer 200 within ${Math.round(options.timeoutMs / 1000)} s (last: ${lastProblem})`,
  );
}

/**
 * What `url` sends to a client that accepts only `encoding`: the body's bytes as they come over
 * the wire (not decoded, headers not counted) and the Content-Encoding they came in. Throws on a
 * status other than 200.
 * @param {string} url on 127.0.0.1
 * @param {string} encoding e.g. 'gzip'
 * @returns {Promise<{ bytes: number, encoding: string }>}
 */
export async function encodedBodySize(url, encoding) {
  assertLocal(url, 'the measured file');
  return await new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': encoding }, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: no answer within 10 s`)));
    request.on('error', reject);
  });
}
