// `npm run bench` (builds, then runs this): runs every benchmark suite, or the ones named
// (`npm run bench -- foundation`). Each suite prints its table and writes bench/results/*.json.
// Exit code: 0 when every suite ran (missed targets are reported, not errors), 1 when the harness
// itself failed or left a process running (checked on Linux only), 2 for a bad command line, 130
// when interrupted.

import { checkNoLeftovers, markRun } from '../scripts/leftovers.mjs';
import { killAllNow } from './lib/proc.mjs';
import { formatTarget } from './lib/report.mjs';
import { message, Resources } from './lib/resources.mjs';
import { loadSettings } from './lib/settings.mjs';
import { collectionZip } from './suites/collection-zip.mjs';
import { crash } from './suites/crash.mjs';
import { firstStart } from './suites/first-start.mjs';
import { foundation } from './suites/foundation.mjs';
import { modelFormats } from './suites/model-formats.mjs';
import { previewMesh } from './suites/preview-mesh.mjs';
import { render } from './suites/render.mjs';
import { scale } from './suites/scale.mjs';
import { search } from './suites/search.mjs';
import { stl } from './suites/stl.mjs';
import { upload } from './suites/upload.mjs';
import { viewer } from './suites/viewer.mjs';
import { web } from './suites/web.mjs';
import { zip } from './suites/zip.mjs';

/** Every suite, in running order. A new suite is a module in suites/ added here. */
/** @type {Record<string, import('./lib/suite.mjs').Suite>} */
const SUITES = {
  foundation,
  scale,
  'first-start': firstStart,
  crash,
  render,
  search,
  stl,
  'model-formats': modelFormats,
  'preview-mesh': previewMesh,
  upload,
  zip,
  'collection-zip': collectionZip,
  viewer,
  web,
};

const USAGE = `Usage: node bench/run.mjs [suite...]   (suites: ${Object.keys(SUITES).join(', ')})
Environment: BENCH_DURATION seconds per case (default 10); BENCH_DATABASE_URL or TEST_DATABASE_URL
adds PostgreSQL (a temporary database is created on that server and dropped at the end; the
scale suite, one API instance against two on one database, runs only there);
BENCH_ENGINES=postgres (or embedded) measures only that engine; BENCH_KEEP_SEEDED=1 keeps a seeded
PostgreSQL database (bench_kept_*) and reuses it in later runs (drop it when the seed changes);
BENCH_CASES=listing,deepPage,currentUser keeps only the foundation cases named (the bare baseline
is always measured); BENCH_WEB_PARTS=lighthouse or ssr runs one part of the web suite (Lighthouse
needs Chromium at /usr/bin/chromium, or CHROME_PATH; the server-render throughput runs on
PostgreSQL only).`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`Unknown suite: ${unknown.join(', ')}\n${USAGE}`);
  process.exit(2);
}
const names = args.length > 0 ? [...new Set(args)] : Object.keys(SUITES);

/** @param {string} line */
const log = (line) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const runId = markRun();
const resources = new Resources();
const controller = new AbortController();
let interrupts = 0;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    interrupts += 1;
    if (interrupts > 1) {
      killAllNow();
      process.exit(130);
    }
    log(`${signal}: stopping servers, dropping temporary databases and data (again to force)...`);
    controller.abort(new Error(`interrupted by ${signal}`));
    void resources.releaseAll().then((problems) => {
      for (const problem of problems) log(`clean-up: ${problem}`);
      process.exit(130);
    });
  });
}
// Last resort: no child outlives the harness, whatever happened.
process.on('exit', killAllNow);

/** @type {string[]} */
const errors = [];
/** @type {import('./lib/suite.mjs').SuiteReport[]} */
const reports = [];
try {
  const settings = loadSettings();
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) continue;
    log(`suite ${name}`);
    try {
      const outcome = await suite({ resources, signal: controller.signal, settings, log });
      reports.push(...outcome.reports);
      errors.push(...outcome.errors);
    } catch (err) {
      if (controller.signal.aborted) break;
      errors.push(`${name}: ${message(err)}`);
    } finally {
      const problems = controller.signal.aborted ? [] : await resources.releaseAll();
      for (const problem of problems) errors.push(`${name}: clean-up: ${problem}`);
    }
  }
} catch (err) {
  errors.push(message(err));
}

if (controller.signal.aborted) {
  // The signal handler finishes the clean-up and exits.
  await new Promise(() => {});
}

// Every server and child the suites started must be gone now, their children included.
if (!(await checkNoLeftovers(runId, log))) errors.push('processes were left running (listed above)');

if (reports.length > 0) console.log('Summary');
for (const report of reports) {
  const failed = report.targets.filter((t) => !t.pass);
  console.log(
    `  ${report.label}: ${report.targets.length - failed.length}/${report.targets.length} targets met` +
      (report.failedCases.length > 0 ? `; FAILED cases: ${report.failedCases.join(', ')}` : ''),
  );
  for (const t of failed) console.log(`    ${formatTarget(t)}`);
}
if (errors.length > 0) {
  console.error('\nThe harness failed:');
  for (const error of errors) console.error(`  ${error}`);
}
process.exit(errors.length > 0 ? 1 : 0);
