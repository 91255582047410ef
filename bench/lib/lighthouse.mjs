// One Lighthouse run of one page: a fresh headless Chromium (its own profile, so no cache or
// storage carries over from the run before), Lighthouse's default configuration (a mobile phone
// with simulated throttling: the network and CPU slowdown is computed from the trace rather than
// applied, which keeps the scores fairly stable on a busy machine), bounded in time, and the
// browser ended afterwards whatever happened.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CATEGORIES } from './lighthouse-figures.mjs';
import { assertLocal, LOOPBACK } from './net.mjs';
import { groupEnded, watchGroup } from './proc.mjs';
import { message } from './resources.mjs';

/** Debian's Chromium; CHROME_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** How long Lighthouse waits for the page's load event before it reports what it has. */
const MAX_WAIT_FOR_LOAD_MS = 45_000;

/**
 * @typedef {object} LighthouseRun
 * @property {import('lighthouse').Result} report
 * @property {number} ms wall time of the run, Chromium's start included
 */

/**
 * Audits `url` once. Throws when Chromium cannot start, the run takes longer than `timeoutMs`, or
 * Lighthouse reports a runtime error (page not loaded, no paint...).
 * @param {string} url on 127.0.0.1
 * @param {object} options
 * @param {number} options.timeoutMs the whole run, Chromium's start included
 * @param {import('./resources.mjs').Scope} options.scope ends Chromium if this call cannot
 * @param {AbortSignal} [options.signal]
 * @returns {Promise<LighthouseRun>}
 */
export async function runLighthouse(url, { timeoutMs, scope, signal }) {
  assertLocal(url, 'the audited page');
  signal?.throwIfAborted();
  const started = performance.now();
  const chrome = await launchChromium();
  const stopChromium = scope.defer(`stop Chromium (pid ${chrome.pid})`, async () => {
    chrome.kill();
    if (!(await groupEnded(chrome.pid, 10_000))) {
      throw new Error(`Chromium (process group ${chrome.pid}) was still running 10 s after SIGKILL`);
    }
  });
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      hostname: LOOPBACK,
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
    });
    // Ending Chromium (timeout, interrupt) makes the run fail later: that failure is not news.
    run.catch(() => {});
    const result = await within(run, timeoutMs, signal, `Lighthouse run of ${url}`);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse could not audit ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      );
    }
    return { report: lhr, ms: Math.round(performance.now() - started) };
  } finally {
    await stopChromium();
  }
}

/**
 * Headless Chromium with its debugging port on 127.0.0.1. Every host but 127.0.0.1 (the audited
 * page's) resolves to nothing, so neither the page nor the browser reaches beyond this machine.
 * The rule covers addresses too: without the exception the page itself fails to load.
 */
async function launchChromium() {
  /** @type {string[]} */
  const flags = [
    '--headless=new',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    // Run as root, Chromium refuses to start inside its sandbox.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: flags,
      // run.mjs handles Ctrl-C (and ends Chromium through the scope); chrome-launcher's own
      // handler would exit the process before the servers are stopped.
      handleSIGINT: false,
      logLevel: 'silent',
    });
    watchGroup(chrome.pid);
    return chrome;
  } catch (err) {
    // A Chromium that started but never opened its port is still known to chrome-launcher only.
    chromeLauncher.killAll();
    throw new Error(`Chromium (${CHROMIUM_PATH}) did not start: ${message(err)}`);
  }
}

/**
 * The promise's value, or an error when it takes longer than `ms` or `signal` aborts first.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {AbortSignal | undefined} signal
 * @param {string} what names the work in the error
 * @returns {Promise<T>}
 */
async function within(promise, ms, signal, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {(() => void) | undefined} */
  let onAbort;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
        onAbort = () => reject(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
