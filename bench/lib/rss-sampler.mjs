import { readMemory } from './proc.mjs';

/** @typedef {{ t: number, rssBytes: number }} RssSample t: performance.now() */

/**
 * Polls a process's VmRSS from /proc every `intervalMs` until stopped. The peak between polls is
 * not seen by the samples; VmHWM (the lifetime peak, read at start and stop) catches it when it
 * is a new high.
 * @param {number} pid
 * @param {number} [intervalMs]
 */
export function startRssSampler(pid, intervalMs = 50) {
  /** @type {RssSample[]} */
  const samples = [];
  const first = readMemory(pid);
  samples.push({ t: performance.now(), rssBytes: first.rssBytes });
  const timer = setInterval(() => {
    try {
      samples.push({ t: performance.now(), rssBytes: readMemory(pid).rssBytes });
    } catch {
      // the process is gone; the caller finds out otherwise
    }
  }, intervalMs);
  return {
    /** RSS and VmHWM when sampling started. */
    before: first,
    samples,
    /**
     * Stops polling; takes one last sample.
     * @returns {{ samples: RssSample[], hwmBeforeBytes: number, hwmAfterBytes: number, rssAfterBytes: number }}
     */
    stop() {
      clearInterval(timer);
      const last = readMemory(pid);
      samples.push({ t: performance.now(), rssBytes: last.rssBytes });
      return {
        samples,
        hwmBeforeBytes: first.peakRssBytes,
        hwmAfterBytes: last.peakRssBytes,
        rssAfterBytes: last.rssBytes,
      };
    },
  };
}

/**
 * Highest sampled RSS with `from <= t <= to`, or null when no sample lies there.
 * @param {RssSample[]} samples
 * @param {number} from
 * @param {number} to
 */
export function peakBetween(samples, from, to) {
  let peak = null;
  for (const s of samples)
    if (s.t >= from && s.t <= to && (peak === null || s.rssBytes > peak)) peak = s.rssBytes;
  return peak;
}

/**
 * Waits until a process's RSS stays within `toleranceBytes` for `windowMs` (start-up garbage
 * collected, lazy modules loaded), or `timeoutMs` passes. Returns the last RSS and whether it settled.
 * @param {number} pid
 * @param {{ windowMs?: number, toleranceBytes?: number, timeoutMs?: number, signal?: AbortSignal }} [options]
 */
export async function waitForSteadyRss(pid, options = {}) {
  const windowMs = options.windowMs ?? 2_000;
  const tolerance = options.toleranceBytes ?? 2 * 2 ** 20;
  const deadline = performance.now() + (options.timeoutMs ?? 15_000);
  /** @type {RssSample[]} */
  const recent = [];
  for (;;) {
    options.signal?.throwIfAborted();
    const now = performance.now();
    const rss = readMemory(pid).rssBytes;
    recent.push({ t: now, rssBytes: rss });
    while (recent.length > 0 && (recent[0]?.t ?? now) < now - windowMs) recent.shift();
    const values = recent.map((s) => s.rssBytes);
    const spanMs = now - (recent[0]?.t ?? now);
    if (spanMs >= windowMs * 0.9 && Math.max(...values) - Math.min(...values) <= tolerance) {
      return { rssBytes: rss, settled: true };
    }
    if (now > deadline) return { rssBytes: rss, settled: false };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
