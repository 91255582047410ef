import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { message } from './resources.mjs';

/**
 * What a suite receives and returns. A suite is an async function exported by a module in
 * bench/suites/ and listed in run.mjs; it writes its own bench/results/<suite>-*.json files.
 *
 * @typedef {object} SuiteContext
 * @property {import('./resources.mjs').Resources} resources register every started thing here
 * @property {AbortSignal} signal aborted on Ctrl-C / SIGTERM
 * @property {import('./load.mjs').LoadSettings} settings
 * @property {(line: string) => void} log progress line
 *
 * @typedef {object} SuiteReport one results file
 * @property {string} label e.g. "foundation / postgres"
 * @property {string} file path of the written JSON
 * @property {import('./report.mjs').Target[]} targets
 * @property {string[]} failedCases names of cases with errors or non-2xx answers
 *
 * @typedef {object} SuiteOutcome
 * @property {SuiteReport[]} reports
 * @property {string[]} errors harness failures (a part that could not be measured at all)
 *
 * @typedef {(context: SuiteContext) => Promise<SuiteOutcome>} Suite
 */

/**
 * Runs one measured part of a suite in its own resource scope. A failure becomes an error of the
 * outcome (an interrupt is thrown on); the scope is released at the end, except after an interrupt,
 * when run.mjs's signal handler releases everything, in order.
 * @param {SuiteContext} ctx
 * @param {string} label e.g. "upload" or "foundation / embedded"
 * @param {(scope: import('./resources.mjs').Scope) => Promise<SuiteReport>} run
 * @returns {Promise<SuiteOutcome>}
 */
export async function runInScope(ctx, label, run) {
  /** @type {SuiteOutcome} */
  const outcome = { reports: [], errors: [] };
  const scope = ctx.resources.scope();
  try {
    outcome.reports.push(await run(scope));
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    outcome.errors.push(`${label}: ${message(err)}`);
    ctx.log(`${label}: FAILED: ${message(err)}`);
  } finally {
    const problems = ctx.signal.aborted ? [] : await scope.release();
    for (const problem of problems) outcome.errors.push(`${label}: clean-up: ${problem}`);
  }
  return outcome;
}

/**
 * A fresh temporary folder `printmarket-bench-<name>-*`, removed with the scope.
 * @param {import('./resources.mjs').Scope} scope
 * @param {string} name
 */
export async function makeTempDir(scope, name) {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `printmarket-bench-${name}-`));
  scope.defer(`remove ${dir}`, () => fs.promises.rm(dir, { recursive: true, force: true }));
  // mkdtemp makes a folder only its owner may enter. Run as root, the API runs its embedded
  // PostgreSQL server as the account `postgres`, which must pass through this folder to reach the
  // database folder inside a DATA_DIR here.
  if (process.getuid?.() === 0) await fs.promises.chmod(dir, 0o755);
  return dir;
}
