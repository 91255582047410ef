// What the in-process suites (stl, model-formats, preview-mesh) share: loading the app's TypeScript
// modules, analysing a file as an upload does, timing a call in wall and CPU time, and the exact
// median of a few timings.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';
import { ROOT } from './api.mjs';

/**
 * Bundles the named TypeScript modules of the repository (paths from its root) into one ES module
 * in `dir` with esbuild, as the API's own build does (`node` cannot import .ts files), and loads it.
 * @param {string} dir
 * @param {string} name
 * @param {string[]} modules
 * @returns {Promise<any>} every export of every module
 */
export async function bundleModules(dir, name, modules) {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    stdin: {
      contents: modules.map((file) => `export * from ${JSON.stringify(path.join(ROOT, file))};`).join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise run until the bench exits.
  await stop();
  return import(pathToFileURL(outfile).href);
}

/** What an upload hands the reader: chunks of a file stream. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/**
 * Analyses `bytes` as an upload does: a fresh analyser (the bundled MeshAnalyzer class) of `kind`,
 * fed UPLOAD_CHUNK_BYTES at a time.
 * @template K, T
 * @param {new (kind: K) => { push(chunk: Uint8Array): void, finish(): T }} MeshAnalyzer
 * @param {K} kind
 * @param {Uint8Array} bytes
 * @returns {T}
 */
export function analyzeInChunks(MeshAnalyzer, kind, bytes) {
  const analyzer = new MeshAnalyzer(kind);
  for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
    analyzer.push(bytes.subarray(at, at + UPLOAD_CHUNK_BYTES));
  }
  return analyzer.finish();
}

/**
 * Wall and CPU time of one call.
 * @param {() => unknown} fn
 * @returns {{ ms: number, cpuMs: number }}
 */
export function timeCall(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  fn();
  return elapsed(start, cpu);
}

/**
 * Wall and CPU time of one asynchronous call.
 * @param {() => Promise<unknown>} fn
 * @returns {Promise<{ ms: number, cpuMs: number }>}
 */
export async function timeAsyncCall(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  return elapsed(start, cpu);
}

/** @param {number} start @param {NodeJS.CpuUsage} cpu */
function elapsed(start, cpu) {
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * The median, not rounded (report.mjs's `median` rounds to whole milliseconds, too coarse for
 * calls of a few milliseconds); 0 for none.
 * @param {number[]} values
 */
export function exactMedian(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
