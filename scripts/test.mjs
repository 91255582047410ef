// `npm test`: lint, type checks, unit and integration tests, then the browser tests, in that order,
// stopping at the first step that fails; then a check that no process the run started is still
// running (Linux only, see leftovers.mjs). `node scripts/test.mjs unit` runs the named steps only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNoLeftovers, markRun } from './leftovers.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Each step is an npm script of the root package. */
const STEPS = { lint: 'lint', typecheck: 'typecheck', unit: 'test:unit', e2e: 'test:e2e' };

const args = process.argv.slice(2);
const unknown = args.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`Unknown step: ${unknown.join(', ')} (steps: ${Object.keys(STEPS).join(', ')})`);
  process.exit(2);
}
const names = /** @type {(keyof typeof STEPS)[]} */ (args.length > 0 ? args : Object.keys(STEPS));

const runId = markRun();
// npm names its own entry script when it runs this; run directly, `npm` is looked up on PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

/**
 * The step running now; an interrupt is passed on to it, and the check still runs after it.
 * @type {import('node:child_process').ChildProcess | undefined}
 */
let current;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => current?.kill(signal));
}

/**
 * Runs one npm script with the terminal's output; resolves with its exit code.
 * @param {string} script
 * @returns {Promise<number>}
 */
function runScript(script) {
  const [command = 'npm', ...rest] = npm;
  return new Promise((resolve) => {
    const child = spawn(command, [...rest, 'run', script], { cwd: root, stdio: 'inherit' });
    current = child;
    child.once('error', (error) => {
      console.error(`${script}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let failed = 0;
for (const name of names) {
  const code = await runScript(STEPS[name]);
  current = undefined;
  if (code !== 0) {
    console.error(`\nnpm test: ${name} failed (exit code ${code}).`);
    failed = code;
    break;
  }
}
const clean = await checkNoLeftovers(runId, (line) => console.error(`npm test: ${line}`));
if (failed === 0 && !clean) failed = 1;
if (failed === 0) console.log(`npm test: ${names.join(', ')} passed; no process left running.`);
process.exit(failed);
