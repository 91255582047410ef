// The ZIP issue's figures: GET /api/designs/download-all/{designId} of a design with four 50 MB STL
// files, alone and four at once, on the built API: throughput, first byte, and the server's memory
// per concurrent download; reading the same stored files from disk for context.
import fs from 'node:fs';
import path from 'node:path';
import { apiEnv, assertApiBuilt, makeDataDir, registerUser, startApi, uploadDesign } from '../lib/api.mjs';
import { download } from '../lib/http-stream.mjs';
import { requestJson } from '../lib/net.mjs';
import { formatTarget, machine, mb, table, target, warnIfCpuBusy, writeResult } from '../lib/report.mjs';
import { startRssSampler, waitForSteadyRss } from '../lib/rss-sampler.mjs';
import { writeSphereStlFile } from '../lib/stl-file.mjs';
import { runInScope } from '../lib/suite.mjs';
import { checkZipDownload, printDownloads, rate, readStoredFiles, rssGrowth } from '../lib/zip-download.mjs';

/** Four spheres of 2 x 1000 x 500 = 1,000,000 triangles: 50,000,084 bytes each. */
const FILES = [20, 30, 40, 50].map((radius, i) => ({
  name: `part-${i + 1}.stl`,
  rings: 501,
  segments: 1000,
  radius,
}));
const CONCURRENT = 4;
const UPLOAD_TIMEOUT_MS = 120_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;
const POLL_MS = 50;
const LIMITS = { mbPerSecond: 100, rssPerDownloadMB: 32 };

/** @type {import('../lib/suite.mjs').Suite} */
export function zip(ctx) {
  return runInScope(ctx, 'zip', (scope) => run(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function run(ctx, scope) {
  const label = 'zip';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { signal } = ctx;
  const startedAt = new Date();
  assertApiBuilt();

  const { dir, dataDir } = await makeDataDir(scope, 'zip');

  /** @type {{ path: string, name: string, bytes: number }[]} */
  const sources = [];
  for (const f of FILES) {
    const file = path.join(dir, f.name);
    const { bytes } = await writeSphereStlFile(file, { ...f, label: f.name });
    sources.push({ path: file, name: f.name, bytes });
  }
  const sourceBytes = sources.reduce((n, s) => n + s.bytes, 0);
  log(`wrote ${sources.length} STL files, ${mb(sourceBytes)} MB in all`);

  const api = await startApi({ env: apiEnv({ dataDir }), engine: 'embedded', scope, signal, log });
  const token = await registerUser(api.baseUrl);
  const headers = { 'x-auth-token': token };

  const up = await uploadDesign(api.baseUrl, {
    headers,
    fields: [
      ['designName', 'Bench four spheres'],
      ['description', 'Four finely tessellated spheres.'],
      ['categories', JSON.stringify(['Art'])],
      ['isPaid', 'false'],
    ],
    files: sources.map((s) => ({ path: s.path, name: s.name })),
    timeoutMs: UPLOAD_TIMEOUT_MS,
    signal,
  });
  const { designId } = up;
  log(`uploaded design ${designId} in ${Math.round(up.endAt - up.startedAt)} ms`);
  // The sources are no longer needed: only the stored copies are read from now on.
  for (const s of sources) await fs.promises.rm(s.path);

  const detail = await requestJson(`${api.baseUrl}/api/designs/by-id/${designId}`, { headers });
  /** @type {{ name: string, sizeBytes: number }[]} */
  const designFiles = Array.isArray(detail.body?.files) ? detail.body.files : [];
  if (detail.status !== 200 || designFiles.length !== FILES.length) {
    throw new Error(`GET /api/designs/by-id answered ${detail.status} with ${designFiles.length} files`);
  }

  const url = `${api.baseUrl}/api/designs/download-all/${designId}`;
  /** @param {string} name */
  const fetchZip = async (name) => {
    const d = await download({ url, headers, timeoutMs: DOWNLOAD_TIMEOUT_MS, signal });
    return checkZipDownload(name, d, designFiles);
  };

  // Baseline for context: reading the stored files from disk.
  const readRow = await readStoredFiles(dataDir, sourceBytes);

  const busy = await warnIfCpuBusy(log, 1_000, 'the downloads');

  log('downloading the ZIP: first (cold), then alone');
  const first = await fetchZip('first download (cold)');
  const steady1 = await waitForSteadyRss(api.proc.pid, { signal });
  const aloneSampler = startRssSampler(api.proc.pid, POLL_MS);
  /** @type {import('../lib/zip-download.mjs').DownloadRow} */
  let alone;
  /** @type {ReturnType<typeof aloneSampler.stop>} */
  let aloneStopped;
  try {
    alone = await fetchZip('one download alone');
  } finally {
    aloneStopped = aloneSampler.stop();
  }
  const aloneMemory = rssGrowth(aloneStopped, steady1.rssBytes);

  log(`downloading the ZIP ${CONCURRENT} times at once`);
  const steady2 = await waitForSteadyRss(api.proc.pid, { signal });
  const concurrentSampler = startRssSampler(api.proc.pid, POLL_MS);
  const concurrentStarted = performance.now();
  /** @type {import('../lib/zip-download.mjs').DownloadRow[]} */
  let concurrent;
  /** @type {ReturnType<typeof concurrentSampler.stop>} */
  let concurrentStopped;
  try {
    concurrent = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => fetchZip(`concurrent download ${i + 1}/${CONCURRENT}`)),
    );
  } finally {
    concurrentStopped = concurrentSampler.stop();
  }
  const concurrentMs = performance.now() - concurrentStarted;
  const concurrentBytes = concurrent.reduce((n, r) => n + r.bytes, 0);
  /** @type {import('../lib/zip-download.mjs').DownloadRow} */
  const concurrentTotal = {
    name: `${CONCURRENT} concurrent downloads, in all`,
    bytes: concurrentBytes,
    ms: Math.round(concurrentMs),
    firstByteMs: Math.max(...concurrent.map((r) => r.firstByteMs)),
    mbPerSecond: rate(concurrentBytes, concurrentMs),
    ok: concurrent.every((r) => r.ok),
    detail: 'first byte: the slowest of the four',
  };
  const concurrentMemory = rssGrowth(concurrentStopped, steady2.rssBytes);
  await api.stop();

  const perDownloadMB = Math.round((concurrentMemory.growthMB / CONCURRENT) * 10) / 10;
  const rows = [readRow, first, alone, ...concurrent, concurrentTotal];
  const failed = rows.filter((r) => !r.ok);
  const blocker = failed.length > 0 ? 'a download was wrong' : undefined;
  const targets = [
    target(
      'ZIP download (4 x 50 MB STL), one alone: throughput',
      alone.mbPerSecond,
      '>=',
      LIMITS.mbPerSecond,
      'MB/s',
      blocker,
    ),
    target(
      `ZIP download: server RSS growth per concurrent download (${CONCURRENT} at once)`,
      perDownloadMB,
      '<',
      LIMITS.rssPerDownloadMB,
      'MB',
      blocker,
    ),
  ];

  const result = {
    suite: 'zip',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeDownloads: busy },
    settings: {
      files: FILES.map((f, i) => ({
        name: f.name,
        triangles: 2 * f.segments * (f.rings - 1),
        bytes: sources[i]?.bytes,
      })),
      engine: 'embedded',
      concurrent: CONCURRENT,
      rssPollMs: POLL_MS,
      note:
        'MB = 2^20 bytes. Client and server on one machine (the client counts bytes and keeps only the ' +
        "archive's last 64 KB, to read its central directory). RSS growth: peak (50 ms polls, or VmHWM when it rose) minus a steady RSS before.",
    },
    designId,
    cases: rows,
    memory: { alone: aloneMemory, concurrent: { ...concurrentMemory, perDownloadMB } },
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult('zip', result);
  printReport(result, rows);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: failed.map((r) => r.name) };
}

/**
 * @param {{ machine: ReturnType<typeof machine> & { cpuBusyBeforeDownloads: number | null },
 *   memory: { alone: ReturnType<typeof rssGrowth>, concurrent: ReturnType<typeof rssGrowth> & { perDownloadMB: number } },
 *   targets: import('../lib/report.mjs').Target[] }} r
 * @param {import('../lib/zip-download.mjs').DownloadRow[]} rows
 */
function printReport(r, rows) {
  console.log(
    `\nzip: GET /api/designs/download-all/{designId}, ${FILES.length} STL files of 50 MB (stored entries); ` +
      `${r.machine.cpus} CPUs, Node ${r.machine.node}`,
  );
  if (typeof r.machine.cpuBusyBeforeDownloads === 'number' && r.machine.cpuBusyBeforeDownloads > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(r.machine.cpuBusyBeforeDownloads * 100)} % busy just before the downloads`,
    );
  }
  printDownloads(rows);
  const a = r.memory.alone;
  const c = r.memory.concurrent;
  console.log(
    table(
      ['server memory', 'RSS before MB', 'peak MB', 'growth MB', 'per download MB'],
      [
        [
          'one download alone',
          String(a.rssBeforeMB),
          String(a.peakMB),
          String(a.growthMB),
          String(a.growthMB),
        ],
        [
          `${CONCURRENT} at once`,
          String(c.rssBeforeMB),
          String(c.peakMB),
          String(c.growthMB),
          String(c.perDownloadMB),
        ],
      ],
    ),
  );
  console.log('targets:');
  for (const t of r.targets) console.log(`  ${formatTarget(t)}`);
}
