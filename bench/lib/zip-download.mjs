// Checks and figures shared by the ZIP benchmarks: one download's throughput, first byte and the
// archive's central directory; the server's RSS growth over a measurement.
import { readZipDirectory } from './http-stream.mjs';
import { mb } from './report.mjs';

/**
 * @typedef {object} DownloadRow
 * @property {string} name
 * @property {number} bytes
 * @property {number} ms
 * @property {number} firstByteMs
 * @property {number} mbPerSecond
 * @property {boolean} ok
 * @property {string} detail
 */

/**
 * One download's figures and checks: 200, a ZIP, as long as its Content-Length, its central
 * directory listing every file of the design with its size, stored.
 * @param {string} name
 * @param {import('../lib/http-stream.mjs').DownloadTiming} d
 * @param {{ sizeBytes: number }[]} designFiles every file the archive must hold
 * @returns {DownloadRow}
 */
export function checkZipDownload(name, d, designFiles) {
  const ms = d.endAt - d.startedAt;
  const problems = [];
  if (d.status !== 200) problems.push(`status ${d.status}`);
  if (d.contentType !== 'application/zip') problems.push(`content-type ${d.contentType}`);
  if (d.contentLength === null) problems.push('no Content-Length');
  else if (d.contentLength !== d.bytes)
    problems.push(`Content-Length ${d.contentLength}, received ${d.bytes}`);
  const directory = readZipDirectory(d.tail, d.bytes);
  if (!directory.ok) problems.push(directory.detail);
  const expected = designFiles.map((f) => f.sizeBytes).sort((a, b) => a - b);
  const listed = directory.entries.map((e) => e.size).sort((a, b) => a - b);
  if (directory.entries.length > 0 && JSON.stringify(expected) !== JSON.stringify(listed)) {
    problems.push(`entry sizes ${JSON.stringify(listed)}, expected ${JSON.stringify(expected)}`);
  }
  if (directory.entries.some((e) => e.method !== 0)) problems.push('an entry is not stored');
  return {
    name,
    bytes: d.bytes,
    ms: Math.round(ms),
    firstByteMs: Math.round((d.firstByteAt ?? d.endAt) - d.startedAt),
    mbPerSecond: rate(d.bytes, ms),
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `Content-Length = ${d.bytes} bytes received; ${directory.detail}`
        : problems.join('; '),
  };
}

/**
 * Peak RSS over a measurement: the highest poll, or VmHWM when it rose (a new lifetime peak,
 * between polls included), against a steady RSS taken before.
 * @param {ReturnType<ReturnType<typeof import('./rss-sampler.mjs').startRssSampler>['stop']>} stopped
 * @param {number} steadyBytes
 */
export function rssGrowth(stopped, steadyBytes) {
  const sampled = Math.max(...stopped.samples.map((s) => s.rssBytes));
  const peak =
    stopped.hwmAfterBytes > stopped.hwmBeforeBytes ? Math.max(sampled, stopped.hwmAfterBytes) : sampled;
  return {
    rssBeforeMB: mb(steadyBytes),
    peakMB: mb(peak),
    vmHwmBeforeMB: mb(stopped.hwmBeforeBytes),
    vmHwmAfterMB: mb(stopped.hwmAfterBytes),
    rssAfterMB: mb(stopped.rssAfterBytes),
    growthMB: mb(peak - steadyBytes),
    samples: stopped.samples.length,
  };
}

/**
 * MB/s (2^20 bytes), one decimal.
 * @param {number} bytes
 * @param {number} ms
 */
export function rate(bytes, ms) {
  return ms > 0 ? Math.round((bytes / 2 ** 20 / (ms / 1000)) * 10) / 10 : 0;
}
