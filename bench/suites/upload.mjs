// The upload issue's figures: a 300 MB binary STL (6,000,000 triangles of a closed sphere) sent
// to the built API as a browser sends it (multipart, streamed from disk), against copying the same
// file on the same disk; and how much the server's resident memory grows meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { apiEnv, assertApiBuilt, makeDataDir, registerUser, startApi, uploadDesign } from '../lib/api.mjs';
import { postMultipart } from '../lib/http-stream.mjs';
import { requestJson } from '../lib/net.mjs';
import {
  formatNumber,
  formatTarget,
  machine,
  mb,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { peakBetween, startRssSampler, waitForSteadyRss } from '../lib/rss-sampler.mjs';
import { startBareServer } from '../lib/servers.mjs';
import { writeSphereStlFile } from '../lib/stl-file.mjs';
import { runInScope } from '../lib/suite.mjs';

/** 2 x 3000 x 1000 = 6,000,000 triangles: 300,000,084 bytes. */
const SPHERE = { rings: 1001, segments: 3000, radius: 60 };
const TRIANGLES = 2 * SPHERE.segments * (SPHERE.rings - 1);
const UPLOAD_TIMEOUT_MS = 120_000;
const POLL_MS = 50;
const LIMITS = { rssGrowthMB: 64, shareOfCopyPct: 50 };
/** Runs of the bare-server floor; the best counts. */
const BARE_RUNS = 3;
/** 20,000 triangles, 1 MB: the warm-up upload. */
const WARM_UP = { rings: 101, segments: 100, radius: 30 };

/** @param {string} name */
function uploadFields(name) {
  return /** @type {[string, string][]} */ ([
    ['designName', name],
    ['description', 'A finely tessellated sphere.'],
    ['categories', JSON.stringify(['Art'])],
    ['isPaid', 'false'],
  ]);
}

/** @type {import('../lib/suite.mjs').Suite} */
export function upload(ctx) {
  return runInScope(ctx, 'upload', (scope) => run(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function run(ctx, scope) {
  const label = 'upload';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { signal } = ctx;
  const startedAt = new Date();
  assertApiBuilt();

  // One temporary folder holds the STL, the baseline copies and the server's DATA_DIR: one disk.
  const { dir, dataDir } = await makeDataDir(scope, 'upload');
  const stlFile = path.join(dir, 'x.stl');

  log(`writing a ${TRIANGLES.toLocaleString('en-US')}-triangle sphere to ${stlFile}`);
  const writeStarted = performance.now();
  const written = await writeSphereStlFile(stlFile, { ...SPHERE, label: 'sphere' });
  const writeMs = performance.now() - writeStarted;
  log(
    `${written.bytes.toLocaleString('en-US')} bytes (${mb(written.bytes)} MB) in ${Math.round(writeMs)} ms`,
  );
  signal.throwIfAborted();

  // Baselines: the same file copied within the same folder, by the kernel and by a stream.
  const copyTo = path.join(dir, 'copy.stl');
  const copyFileMs = await timed(() => fs.promises.copyFile(stlFile, copyTo));
  await fs.promises.rm(copyTo);
  const streamCopyMs = await timed(() =>
    pipeline(
      fs.createReadStream(stlFile, { highWaterMark: 1024 * 1024 }),
      fs.createWriteStream(copyTo, { highWaterMark: 1024 * 1024 }),
    ),
  );
  await fs.promises.rm(copyTo);
  const copyFileMBps = rate(written.bytes, copyFileMs);
  const streamCopyMBps = rate(written.bytes, streamCopyMs);
  log(`fs.copyFile ${formatNumber(copyFileMBps)} MB/s, streamed copy ${formatNumber(streamCopyMBps)} MB/s`);
  signal.throwIfAborted();

  // The floor of any HTTP upload here: a bare server writing the raw body to the same disk.
  const bareDir = path.join(dir, 'bare');
  await fs.promises.mkdir(bareDir);
  const bare = await startBareServer(scope, signal, bareDir);
  /** @type {number[]} */
  const bareRuns = [];
  for (let i = 0; i < BARE_RUNS; i++) {
    const r = await postMultipart({
      url: `${bare.baseUrl}/bare-upload`,
      headers: {},
      fields: uploadFields('Bare'),
      files: [{ path: stlFile, name: 'x.stl' }],
      timeoutMs: UPLOAD_TIMEOUT_MS,
      signal,
    });
    if (r.status !== 200 || r.body?.bytes !== r.bodyBytes) {
      throw new Error(`the bare upload answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    bareRuns.push(r.endAt - r.startedAt);
  }
  await bare.stop();
  // The best run: the floor is what the machine can do, not its noise.
  const bareMs = Math.min(...bareRuns);
  const bareMBps = rate(written.bytes, bareMs);
  log(`bare HTTP body to disk: ${formatNumber(bareMBps)} MB/s (best of ${BARE_RUNS})`);
  signal.throwIfAborted();

  const api = await startApi({ env: apiEnv({ dataDir }), engine: 'embedded', scope, signal, log });
  const token = await registerUser(api.baseUrl);

  // A small upload first loads what every upload uses once (the preview worker thread, sharp, the
  // routes' code): the figures below are those of a running server, not of its first upload.
  const warmFile = path.join(dir, 'warm-up.stl');
  await writeSphereStlFile(warmFile, { ...WARM_UP, label: 'warm-up' });
  const warm = await uploadDesign(
    api.baseUrl,
    {
      headers: { 'x-auth-token': token },
      fields: uploadFields('Bench warm-up'),
      files: [{ path: warmFile, name: 'warm-up.stl' }],
      timeoutMs: UPLOAD_TIMEOUT_MS,
      signal,
    },
    'the warm-up upload',
  );
  await fs.promises.rm(warmFile);
  const steady = await waitForSteadyRss(api.proc.pid, { signal });
  log(
    `warm-up upload done in ${Math.round(warm.endAt - warm.startedAt)} ms; RSS ${mb(steady.rssBytes)} MB` +
      (steady.settled ? ' (steady)' : ' (still moving after 15 s)'),
  );

  const busy = await warnIfCpuBusy(log, 1_000, 'the upload');

  log('uploading');
  const sampler = startRssSampler(api.proc.pid, POLL_MS);
  /** @type {Awaited<ReturnType<typeof uploadDesign>>} */
  let up;
  /** @type {ReturnType<typeof sampler.stop>} */
  let memory;
  try {
    up = await uploadDesign(api.baseUrl, {
      headers: { 'x-auth-token': token },
      fields: uploadFields('Bench sphere 6M'),
      files: [{ path: stlFile, name: 'x.stl' }],
      timeoutMs: UPLOAD_TIMEOUT_MS,
      signal,
    });
  } finally {
    memory = sampler.stop();
  }
  const { designId } = up;
  // The previews are rendered after the answer, from the stored file: how long until they show.
  const previewMs = await waitForPreview(api.baseUrl, token, designId, up.endAt, signal);
  log(previewMs === null ? 'no preview within 60 s' : `preview ready ${previewMs} ms after the answer`);
  const check = await checkDesign(api.baseUrl, token, designId, written.bytes);
  log(`design ${designId}: ${check.detail}`);
  const afterMemory = api.memory();
  await api.stop();

  // Phases, as the client sees them: streaming until the last body byte left, then the server
  // works (previews rendered from a sample of the mesh, the file moved to storage) until it answers.
  const sentAt = up.bodySentAt ?? up.headersAt;
  const totalMs = up.endAt - up.startedAt;
  const streamMs = sentAt - up.startedAt;
  const afterMs = up.headersAt - sentAt;
  const rssBeforeBytes = sampler.before.rssBytes;
  const streamPeak = peakBetween(memory.samples, up.startedAt, sentAt) ?? rssBeforeBytes;
  const afterPeak = peakBetween(memory.samples, sentAt, up.endAt) ?? rssBeforeBytes;
  const sampledPeak = Math.max(streamPeak, afterPeak);
  // VmHWM is the process's lifetime peak: when it rose during the upload, it is the upload's peak
  // (between polls included).
  const hwmRose = memory.hwmAfterBytes > memory.hwmBeforeBytes;
  const peakBytes = hwmRose ? Math.max(memory.hwmAfterBytes, sampledPeak) : sampledPeak;
  const growthMB = mb(peakBytes - rssBeforeBytes);
  const timeline = memory.samples.map((x) => [Math.round(x.t - up.startedAt), mb(x.rssBytes)]);

  const uploadMBps = rate(written.bytes, totalMs);
  const streamMBps = rate(written.bytes, streamMs);
  const shareOfCopyFile = pct(uploadMBps / copyFileMBps);
  const shareOfStreamCopy = pct(uploadMBps / streamCopyMBps);
  const shareOfBare = pct(uploadMBps / bareMBps);
  const blocker = check.pass ? undefined : `the stored design was wrong: ${check.detail}`;
  const targets = [
    target(
      'upload of a 300 MB STL: server RSS growth (peak during the upload - RSS before)',
      growthMB,
      '<',
      LIMITS.rssGrowthMB,
      'MB',
      blocker,
    ),
    target(
      'upload of a 300 MB STL: throughput vs fs.copyFile of the same file on the same disk',
      shareOfCopyFile,
      '>=',
      LIMITS.shareOfCopyPct,
      '%',
      blocker,
    ),
  ];

  const result = {
    suite: 'upload',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeUpload: busy },
    settings: {
      triangles: TRIANGLES,
      fileBytes: written.bytes,
      mesh: `closed UV sphere, ${SPHERE.rings} rings x ${SPHERE.segments} segments, radius ${SPHERE.radius} mm`,
      requestBytes: up.bodyBytes,
      rssPollMs: POLL_MS,
      engine: 'embedded',
      note:
        'MB = 2^20 bytes. Client, server and disk on one machine; the client streams the file from disk ' +
        'with node:http. Upload throughput is the file size over request start to end of the answer ' +
        '(201 comes once the file is analysed, stored and committed; its previews are rendered afterwards, ' +
        'previewReadyAfterAnswerMs later).',
    },
    stlWriteMs: Math.round(writeMs),
    baseline: {
      copyFileMs: Math.round(copyFileMs),
      copyFileMBps,
      streamCopyMs: Math.round(streamCopyMs),
      streamCopyMBps,
      bareUploadMs: Math.round(bareMs),
      bareUploadRunsMs: bareRuns.map((ms) => Math.round(ms)),
      bareUploadMBps: bareMBps,
      bareUploadShareOfCopyFilePct: pct(bareMBps / copyFileMBps),
      bareNote:
        'a bare Fastify route piping the same multipart request, unparsed, to a file on the same disk (1 MB write buffer)',
    },
    upload: {
      status: up.status,
      designId,
      totalMs: Math.round(totalMs),
      streamMs: Math.round(streamMs),
      afterBodyMs: Math.round(afterMs),
      uploadMBps,
      streamMBps,
      shareOfCopyFilePct: shareOfCopyFile,
      shareOfStreamCopyPct: shareOfStreamCopy,
      shareOfBareUploadPct: shareOfBare,
      bodyFullySent: up.bodySentAt !== null,
      previewReadyAfterAnswerMs: previewMs,
    },
    memory: {
      rssBeforeMB: mb(rssBeforeBytes),
      peakWhileStreamingMB: mb(streamPeak),
      peakAfterBodyMB: mb(afterPeak),
      vmHwmBeforeMB: mb(memory.hwmBeforeBytes),
      vmHwmAfterMB: mb(memory.hwmAfterBytes),
      peakMB: mb(peakBytes),
      growthMB,
      growthWhileStreamingMB: mb(streamPeak - rssBeforeBytes),
      growthAfterBodyMB: mb(afterPeak - rssBeforeBytes),
      rssAfterUploadMB: mb(memory.rssAfterBytes),
      rssAfterCheckMB: mb(afterMemory.rssBytes),
      baselineAfterWarmUp: true,
      steadyBeforeUpload: steady.settled,
      samples: memory.samples.length,
      timelineMsMB: timeline,
    },
    check,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult('upload', result);
  printReport(result);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: check.pass ? [] : ['upload'] };
}

/**
 * The stored design must hold the one STL with the size sent and the analysis of the whole mesh.
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} designId
 * @param {number} bytes
 */
async function checkDesign(baseUrl, token, designId, bytes) {
  const { status, body } = await requestJson(`${baseUrl}/api/designs/by-id/${designId}`, {
    headers: { 'x-auth-token': token },
  });
  const files = Array.isArray(body?.files) ? body.files : [];
  const stl = files.find((/** @type {any} */ f) => f.type === 'stl' || f.analysis) ?? files[0];
  const analysis = stl?.analysis;
  const pass =
    status === 200 &&
    files.length === 1 &&
    stl?.sizeBytes === bytes &&
    analysis?.triangles === TRIANGLES &&
    analysis?.closed === true &&
    typeof stl?.previewUrl === 'string';
  const detail =
    `status ${status}, ${files.length} file(s), ${stl?.sizeBytes} bytes, ` +
    `${analysis?.triangles} triangles, closed ${analysis?.closed}, size ${JSON.stringify(analysis?.sizeMm)} mm, ` +
    `preview ${stl?.previewUrl ? 'yes' : 'no'}`;
  return { pass, detail };
}

/**
 * Polls the design until its STL has a preview; milliseconds from `since`, or null after 60 s.
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} designId
 * @param {number} since performance.now() of the upload's answer
 * @param {AbortSignal} signal
 */
async function waitForPreview(baseUrl, token, designId, since, signal) {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    signal.throwIfAborted();
    const { body } = await requestJson(`${baseUrl}/api/designs/by-id/${designId}`, {
      headers: { 'x-auth-token': token },
    });
    const files = Array.isArray(body?.files) ? body.files : [];
    if (files.some((/** @type {any} */ f) => typeof f.previewUrl === 'string')) {
      return Math.round(performance.now() - since);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/**
 * @param {{ settings: { fileBytes: number, triangles: number }, machine: ReturnType<typeof machine>,
 *   baseline: { copyFileMs: number, copyFileMBps: number, streamCopyMs: number, streamCopyMBps: number,
 *     bareUploadMs: number, bareUploadMBps: number, bareUploadShareOfCopyFilePct: number },
 *   upload: { totalMs: number, streamMs: number, afterBodyMs: number, uploadMBps: number, streamMBps: number,
 *     shareOfCopyFilePct: number, shareOfStreamCopyPct: number, shareOfBareUploadPct: number,
 *     previewReadyAfterAnswerMs: number | null },
 *   memory: Record<string, unknown>, check: { detail: string }, stlWriteMs: number,
 *   targets: import('../lib/report.mjs').Target[] }} r
 */
function printReport(r) {
  const s = r.settings;
  console.log(
    `\nupload: ${s.triangles.toLocaleString('en-US')}-triangle binary STL, ${s.fileBytes.toLocaleString('en-US')} bytes ` +
      `(${mb(s.fileBytes)} MB); ${r.machine.cpus} CPUs, Node ${r.machine.node}`,
  );
  const busy = /** @type {{ cpuBusyBeforeUpload?: number | null }} */ (r.machine).cpuBusyBeforeUpload;
  if (typeof busy === 'number' && busy > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(busy * 100)} % busy just before the upload`,
    );
  }
  const u = r.upload;
  const b = r.baseline;
  console.log(
    table(
      ['case', 'ms', 'MB/s', 'vs fs.copyFile', 'vs streamed copy', 'vs bare HTTP'],
      [
        ['fs.copyFile (same folder)', String(b.copyFileMs), formatNumber(b.copyFileMBps), '100 %', '-', '-'],
        [
          'streamed copy (1 MB chunks)',
          String(b.streamCopyMs),
          formatNumber(b.streamCopyMBps),
          '-',
          '100 %',
          '-',
        ],
        [
          'bare HTTP: raw body to disk, no parsing',
          String(b.bareUploadMs),
          formatNumber(b.bareUploadMBps),
          `${b.bareUploadShareOfCopyFilePct} %`,
          '-',
          '100 %',
        ],
        [
          'upload, request start to 201',
          String(u.totalMs),
          formatNumber(u.uploadMBps),
          `${u.shareOfCopyFilePct} %`,
          `${u.shareOfStreamCopyPct} %`,
          `${u.shareOfBareUploadPct} %`,
        ],
        ['  of which: streaming the body', String(u.streamMs), formatNumber(u.streamMBps), '-', '-', '-'],
        ['  of which: after the body (store, commit)', String(u.afterBodyMs), '-', '-', '-', '-'],
        ['preview ready, after the answer', dash(u.previewReadyAfterAnswerMs), '-', '-', '-', '-'],
      ],
    ),
  );
  const m = r.memory;
  console.log(
    table(
      ['server memory', 'MB', 'growth MB'],
      [
        ['RSS before the upload (after a warm-up upload)', String(m.rssBeforeMB), '-'],
        [
          'peak RSS while streaming (50 ms polls)',
          String(m.peakWhileStreamingMB),
          String(m.growthWhileStreamingMB),
        ],
        [
          'peak RSS after the body: store, commit (polls)',
          String(m.peakAfterBodyMB),
          String(m.growthAfterBodyMB),
        ],
        ['VmHWM before / after', `${m.vmHwmBeforeMB} / ${m.vmHwmAfterMB}`, '-'],
        ['peak counted for the target', String(m.peakMB), String(m.growthMB)],
        ['RSS right after the answer', String(m.rssAfterUploadMB), '-'],
      ],
    ),
  );
  console.log(`writing the STL took ${r.stlWriteMs} ms; stored design: ${r.check.detail}`);
  console.log('targets:');
  for (const t of r.targets) console.log(`  ${formatTarget(t)}`);
}

/** @param {number | null} n */
function dash(n) {
  return n === null ? '-' : String(n);
}

/** @param {() => Promise<unknown>} work */
async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * MB/s (2^20 bytes), one decimal.
 * @param {number} bytes
 * @param {number} ms
 */
function rate(bytes, ms) {
  return ms > 0 ? Math.round((bytes / 2 ** 20 / (ms / 1000)) * 10) / 10 : 0;
}

/** @param {number} fraction */
function pct(fraction) {
  return Math.round(fraction * 1000) / 10;
}
