// The STL issue's figure: analysis of a 1-million-triangle binary STL (triangles, bounding box,
// volume, area, closedness) against three.js STLLoader.parse on the same bytes, in the same process.
// The analyser is TypeScript in packages/mesh; it is bundled here with esbuild, as the
// API's own build bundles it, since `node` cannot import .ts files.
import fs from 'node:fs';
import path from 'node:path';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import {
  analyzeInChunks,
  bundleModules,
  exactMedian,
  timeCall,
  UPLOAD_CHUNK_BYTES,
} from '../lib/measure.mjs';
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
import { sphereStl } from '../lib/stl-mesh.mjs';
import { makeTempDir, runInScope } from '../lib/suite.mjs';

const SPHERE = { rings: 501, segments: 1000, radius: 50 };
const TRIANGLES = 2 * SPHERE.segments * (SPHERE.rings - 1);
const WARMUP_ROUNDS = 2;
const ROUNDS = 11;
const MIN_RATIO = 1.5;

/**
 * @typedef {{ format: string, triangles: number, bbox: { min: number[], max: number[] }, sizeMm: number[],
 *   volumeCm3: number | null, areaMm2: number, areaCm2: number, closed: boolean }} StlAnalysis
 * @typedef {{ push(chunk: Uint8Array): void, finish(): StlAnalysis }} Analyzer
 * @typedef {{ name: string, msPerRun: number[], cpuMsPerRun: number[], medianMs: number,
 *   medianCpuMs: number, mbPerSecond: number }} CaseResult
 */

/** @type {import('../lib/suite.mjs').Suite} */
export function stl(ctx) {
  return runInScope(ctx, 'stl', (scope) => run(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function run(ctx, scope) {
  const label = 'stl';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const dir = await makeTempDir(scope, 'stl');

  /** @type {new (kind: 'stl') => Analyzer} */
  const MeshAnalyzer = (await bundleModules(dir, 'mesh-analyzer', ['packages/mesh/src/analyzer.ts']))
    .MeshAnalyzer;
  const file = path.join(dir, 'sphere.stl');
  await fs.promises.writeFile(file, sphereStl(SPHERE));
  // Both parsers get the very same bytes, read back from the file.
  const bytes = await fs.promises.readFile(file);
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  log(`${TRIANGLES.toLocaleString('en-US')} triangles, ${mb(bytes.length)} MB`);

  /** @returns {StlAnalysis} */
  const analyze = () => analyzeInChunks(MeshAnalyzer, 'stl', bytes);
  const loader = new STLLoader();
  const parseWithThree = () => loader.parse(arrayBuffer);

  const analysis = analyze();
  const geometry = parseWithThree();
  const checks = checkAnswers(analysis, geometry.getAttribute('position').count);

  const busy = await warnIfCpuBusy(log, 2_000, 'the measurement');
  log(`measuring ${WARMUP_ROUNDS} warm-up and ${ROUNDS} measured rounds, alternating`);
  /** @type {Record<'ours' | 'three', { ms: number[], cpuMs: number[] }>} */
  const samples = { ours: { ms: [], cpuMs: [] }, three: { ms: [], cpuMs: [] } };
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    ctx.signal.throwIfAborted();
    // Alternating which goes first spreads any drift of the machine over both.
    const order =
      round % 2 === 0 ? /** @type {const} */ (['ours', 'three']) : /** @type {const} */ (['three', 'ours']);
    for (const which of order) {
      const timing = timeCall(which === 'ours' ? analyze : parseWithThree);
      if (round < WARMUP_ROUNDS) continue;
      samples[which].ms.push(timing.ms);
      samples[which].cpuMs.push(timing.cpuMs);
    }
    // Lets the harness's timers and signals run between rounds.
    await new Promise((resolve) => setImmediate(resolve));
  }

  const ours = caseResult('our analyser (MeshAnalyzer, 64 KB chunks)', samples.ours, bytes.length);
  const three = caseResult('three.js STLLoader.parse', samples.three, bytes.length);
  const ratio = Math.round((ours.mbPerSecond / three.mbPerSecond) * 100) / 100;
  const cpuRatio = Math.round((three.medianCpuMs / ours.medianCpuMs) * 100) / 100;
  const blocker = checks.every((c) => c.pass) ? undefined : 'the analysis was wrong';
  const targets = [
    target(
      `analysis of ${TRIANGLES.toLocaleString('en-US')} binary triangles: throughput vs three.js STLLoader.parse`,
      ratio,
      '>=',
      MIN_RATIO,
      'x',
      blocker,
    ),
  ];

  const result = {
    suite: 'stl',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeMeasurement: busy },
    settings: {
      triangles: TRIANGLES,
      fileBytes: bytes.length,
      mesh: `closed UV sphere, radius ${SPHERE.radius} mm, header starting with "solid"`,
      chunkBytes: UPLOAD_CHUNK_BYTES,
      warmupRounds: WARMUP_ROUNDS,
      rounds: ROUNDS,
      note: 'same process, same bytes; rounds alternate which runs first; throughput is the file size over the median wall time',
    },
    analysis,
    checks,
    cases: [ours, three],
    ratio,
    cpuRatio,
    closednessMemory:
      'constant: two 32-bit sums (edge signature), whatever the triangle count; the analyser holds at most one 50-byte triangle of the input',
    targets,
    pass: targets.every((t) => t.pass),
  };
  const written = writeResult('stl', result);
  printReport(result, [ours, three]);
  console.log(`  written to ${path.relative(process.cwd(), written)}\n`);
  return { label, file: written, targets, failedCases: checks.every((c) => c.pass) ? [] : [ours.name] };
}

/**
 * @param {string} name
 * @param {{ ms: number[], cpuMs: number[] }} sample
 * @param {number} bytes
 * @returns {CaseResult}
 */
function caseResult(name, sample, bytes) {
  const medianMs = exactMedian(sample.ms);
  const round1 = (/** @type {number} */ n) => Math.round(n * 10) / 10;
  return {
    name,
    msPerRun: sample.ms.map(round1),
    cpuMsPerRun: sample.cpuMs.map(round1),
    medianMs: round1(medianMs),
    medianCpuMs: round1(exactMedian(sample.cpuMs)),
    mbPerSecond: round1(bytes / 2 ** 20 / (medianMs / 1000)),
  };
}

/**
 * The measured answers must be the right ones, or a fast wrong answer would pass.
 * @param {StlAnalysis} analysis
 * @param {number} threeVertices
 */
function checkAnswers(analysis, threeVertices) {
  const r = SPHERE.radius;
  // A polyhedron inscribed in the sphere: slightly less than the sphere, closer with more triangles.
  const volumeCm3 = ((4 / 3) * Math.PI * r ** 3) / 1000;
  const areaCm2 = (4 * Math.PI * r ** 2) / 100;
  /** @param {number} value @param {number} expected @param {number} tolerance */
  const near = (value, expected, tolerance) => value <= expected && value >= expected * (1 - tolerance);
  return [
    {
      name: 'format and triangle count',
      pass:
        analysis.format === 'binary' && analysis.triangles === TRIANGLES && threeVertices === TRIANGLES * 3,
      detail: `${analysis.format}, ${analysis.triangles} triangles (three.js: ${threeVertices / 3})`,
    },
    {
      name: 'closed',
      pass: analysis.closed === true,
      detail: `closed: ${analysis.closed}`,
    },
    {
      name: 'size',
      pass: analysis.sizeMm.every((size) => near(size, 2 * r, 1e-4)),
      detail: `${analysis.sizeMm.map((s) => s.toFixed(3)).join(' x ')} mm`,
    },
    {
      name: 'volume and area',
      pass:
        analysis.volumeCm3 !== null &&
        near(analysis.volumeCm3, volumeCm3, 1e-4) &&
        near(analysis.areaCm2, areaCm2, 1e-4),
      detail: `${analysis.volumeCm3?.toFixed(4)} cm3 (sphere ${volumeCm3.toFixed(4)}), ${analysis.areaCm2.toFixed(4)} cm2 (sphere ${areaCm2.toFixed(4)})`,
    },
  ];
}

/**
 * @param {{ machine: ReturnType<typeof machine> & { cpuBusyBeforeMeasurement: number | null },
 *   settings: { fileBytes: number }, ratio: number, cpuRatio: number,
 *   checks: { name: string, pass: boolean, detail: string }[],
 *   targets: import('../lib/report.mjs').Target[] }} result
 * @param {CaseResult[]} rows
 */
function printReport(result, rows) {
  const m = result.machine;
  console.log(
    `\nstl: ${TRIANGLES.toLocaleString('en-US')}-triangle binary STL (${mb(result.settings.fileBytes)} MB), ` +
      `median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up; ${m.cpus} CPUs, Node ${m.node}`,
  );
  if (typeof m.cpuBusyBeforeMeasurement === 'number' && m.cpuBusyBeforeMeasurement > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(m.cpuBusyBeforeMeasurement * 100)} % busy just before; ` +
        'absolute figures are low and noisy',
    );
  }
  console.log(
    table(
      ['case', 'MB/s', 'median ms', 'median CPU ms', 'min ms', 'max ms'],
      rows.map((r) => [
        r.name,
        formatNumber(r.mbPerSecond),
        formatNumber(r.medianMs),
        formatNumber(r.medianCpuMs),
        formatNumber(Math.min(...r.msPerRun)),
        formatNumber(Math.max(...r.msPerRun)),
      ]),
    ),
  );
  console.log(`ours vs three.js: ${result.ratio}x the throughput (CPU time: ${result.cpuRatio}x less)`);
  for (const check of result.checks) {
    console.log(`  check ${check.name}: ${check.pass ? 'ok' : 'WRONG'} (${check.detail})`);
  }
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}
