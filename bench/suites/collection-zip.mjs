// The collections issue's figures: GET /api/collections/{id}/download-all of a free collection of
// 20 designs (one 10 MB STL each, about 200 MB), downloaded by another signed-in person from the
// built API: throughput, first byte, and the server's RSS growth; reading the stored files for context.
import fs from 'node:fs';
import path from 'node:path';
import { apiEnv, assertApiBuilt, makeDataDir, registerUser, startApi, uploadDesign } from '../lib/api.mjs';
import { download, postMultipart } from '../lib/http-stream.mjs';
import { writePngFile } from '../lib/png-file.mjs';
import { formatTarget, machine, mb, target, writeResult } from '../lib/report.mjs';
import { startRssSampler, waitForSteadyRss } from '../lib/rss-sampler.mjs';
import { writeSphereStlFile } from '../lib/stl-file.mjs';
import { runInScope } from '../lib/suite.mjs';
import { checkZipDownload, printDownloads, readStoredFiles, rssGrowth } from '../lib/zip-download.mjs';

const DESIGNS = 20;
/** 2 x 500 x 200 = 200,000 triangles: 10,000,084 bytes. */
const SPHERE = { rings: 201, segments: 500 };
const TIMEOUT_MS = 120_000;
const POLL_MS = 50;
const RUNS = 3;
const LIMITS = { mbPerSecond: 100, rssGrowthMB: 32, firstByteMs: 200 };

/** @type {import('../lib/suite.mjs').Suite} */
export function collectionZip(ctx) {
  return runInScope(ctx, 'collection-zip', (scope) => run(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function run(ctx, scope) {
  const label = 'collection-zip';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { signal } = ctx;
  const startedAt = new Date();
  assertApiBuilt();

  const { dir, dataDir } = await makeDataDir(scope, 'collection-zip');
  const api = await startApi({ env: apiEnv({ dataDir }), engine: 'embedded', scope, signal, log });
  const creator = { 'x-auth-token': await registerUser(api.baseUrl) };
  const maker = { 'x-auth-token': await registerUser(api.baseUrl) };

  log(`uploading ${DESIGNS} designs of one ${mb(10_000_084)} MB STL each`);
  /** @type {string[]} */
  const designIds = [];
  /** @type {{ sizeBytes: number }[]} */
  const expectedFiles = [];
  for (let i = 0; i < DESIGNS; i++) {
    signal.throwIfAborted();
    const file = path.join(dir, `part-${i}.stl`);
    const { bytes } = await writeSphereStlFile(file, { ...SPHERE, radius: 10 + i, label: `part ${i}` });
    const up = await uploadDesign(
      api.baseUrl,
      {
        headers: creator,
        fields: [
          ['designName', `Bench part ${i + 1}`],
          ['description', 'One sphere of the benchmark collection.'],
          ['isPaid', 'false'],
        ],
        files: [{ path: file, name: `part-${i + 1}.stl` }],
        timeoutMs: TIMEOUT_MS,
        signal,
      },
      `upload ${i + 1}`,
    );
    designIds.push(up.designId);
    expectedFiles.push({ sizeBytes: bytes });
    await fs.promises.rm(file);
  }

  const coverFile = path.join(dir, 'cover.png');
  await writePngFile(coverFile, 640, 480);
  const created = await postMultipart({
    url: `${api.baseUrl}/api/collections/create`,
    headers: creator,
    fields: [
      ['name', 'Bench collection'],
      ['pricingType', 'free'],
      ...designIds.map((id) => /** @type {[string, string]} */ (['designIds', id])),
    ],
    files: [{ path: coverFile, name: 'cover.png', field: 'coverImage' }],
    timeoutMs: TIMEOUT_MS,
    signal,
  });
  if (created.status !== 201 || typeof created.body?.id !== 'string') {
    throw new Error(
      `creating the collection answered ${created.status}: ${JSON.stringify(created.body).slice(0, 300)}`,
    );
  }
  const url = `${api.baseUrl}/api/collections/${created.body.id}/download-all`;
  const totalBytes = expectedFiles.reduce((n, f) => n + f.sizeBytes, 0);
  log(`collection of ${DESIGNS} designs, ${mb(totalBytes)} MB of STL`);

  // Context: reading the stored files from disk.
  const readRow = await readStoredFiles(dataDir, totalBytes);

  /** @param {string} name */
  const fetchZip = async (name) =>
    checkZipDownload(
      name,
      await download({ url, headers: maker, timeoutMs: TIMEOUT_MS, signal }),
      expectedFiles,
    );

  log('downloading: one cold run, then measured runs alone');
  const cold = await fetchZip('first download (cold)');
  const runs = [];
  const memories = [];
  for (let i = 0; i < RUNS; i++) {
    const steady = await waitForSteadyRss(api.proc.pid, { signal });
    const sampler = startRssSampler(api.proc.pid, POLL_MS);
    try {
      runs.push(await fetchZip(`download ${i + 1} of ${RUNS}`));
    } finally {
      memories.push(rssGrowth(sampler.stop(), steady.rssBytes));
    }
  }
  await api.stop();

  const rows = [readRow, cold, ...runs];
  const failed = rows.filter((r) => !r.ok);
  const blocker = failed.length > 0 ? 'a download was wrong' : undefined;
  // Medians of the measured runs: one slow run on a shared machine is noise, not the server.
  const median = (/** @type {number[]} */ xs) =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const mbPerSecond = median(runs.map((r) => r.mbPerSecond));
  const firstByteMs = median(runs.map((r) => r.firstByteMs));
  const growthMB = Math.max(...memories.map((m) => m.growthMB));
  const targets = [
    target(
      `collection ZIP (${DESIGNS} designs, ${mb(totalBytes)} MB): throughput (median of ${RUNS})`,
      mbPerSecond,
      '>=',
      LIMITS.mbPerSecond,
      'MB/s',
      blocker,
    ),
    target(
      `collection ZIP: server RSS growth (largest of ${RUNS})`,
      growthMB,
      '<',
      LIMITS.rssGrowthMB,
      'MB',
      blocker,
    ),
    target(
      `collection ZIP: first byte (median of ${RUNS})`,
      firstByteMs,
      '<',
      LIMITS.firstByteMs,
      'ms',
      blocker,
    ),
  ];
  const result = {
    suite: 'collection-zip',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machine(),
    settings: {
      designs: DESIGNS,
      stlBytesEach: expectedFiles[0]?.sizeBytes,
      runs: RUNS,
      engine: 'embedded',
      note: 'MB = 2^20 bytes. Client and server on one machine; the downloader is another signed-in person (a free collection).',
    },
    cases: rows,
    memory: memories,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult('collection-zip', result);
  console.log(
    `\ncollection-zip: GET /api/collections/{id}/download-all, ${DESIGNS} designs; ${result.machine.cpus} CPUs, Node ${result.machine.node}`,
  );
  printDownloads(rows);
  console.log(`server RSS growth per run (MB): ${memories.map((m) => m.growthMB).join(', ')}`);
  console.log('targets:');
  for (const t of targets) console.log(`  ${formatTarget(t)}`);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: failed.map((r) => r.name) };
}
