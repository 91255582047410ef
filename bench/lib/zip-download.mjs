// Checks and figures shared by the ZIP benchmarks: one download's throughput, first byte and the
// archive's central directory; the server's RSS growth over a measurement; reading the stored
// files from disk for context; the table of downloads.
import fs from 'node:fs';
import path from 'node:path';
import { readZipDirectory } from './http-stream.mjs';
import { formatNumber, mb, table } from './report.mjs';

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

/**
 * Context for the downloads: reading every stored STL file from disk in 1 MB chunks (the page
 * cache warm, as it is for the server), checked against the bytes the archive must hold.
 * @param {string} dataDir the API's DATA_DIR
 * @param {number} expectedBytes
 * @returns {Promise<DownloadRow>}
 */
export async function readStoredFiles(dataDir, expectedBytes) {
  const storedDir = path.join(dataDir, 'files', 'stl');
  const stored = (await fs.promises.readdir(storedDir)).map((f) => path.join(storedDir, f));
  const started = performance.now();
  let bytes = 0;
  for (const file of stored) {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }))
      bytes += chunk.length;
  }
  const ms = performance.now() - started;
  return {
    name: `read the ${stored.length} stored STL files from disk (1 MB chunks)`,
    bytes,
    ms: Math.round(ms),
    firstByteMs: 0,
    mbPerSecond: rate(bytes, ms),
    ok: bytes === expectedBytes,
    detail: `${bytes} bytes`,
  };
}

/**
 * Prints the downloads as a table, then each one's detail.
 * @param {DownloadRow[]} rows
 */
export function printDownloads(rows) {
  console.log(
    table(
      ['case', 'MB', 'ms', 'MB/s', 'first byte ms', 'check'],
      rows.map((x) => [
        x.name,
        formatNumber(mb(x.bytes)),
        String(x.ms),
        formatNumber(x.mbPerSecond),
        String(x.firstByteMs),
        x.ok ? 'ok' : 'FAILED',
      ]),
    ),
  );
  for (const x of rows) console.log(`  ${x.name}: ${x.detail}`);
}
