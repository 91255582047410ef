// A person's first `npm start` on an empty data folder, per database engine: time from spawn to the
// first 200 of /api/config (demo content seeded), against a second `npm start` on the same data
// measured in the same run; and how long the demo designs' STL previews then take in the
// background, until the server logs 'STL previews rendered'.
import fs from 'node:fs';
import path from 'node:path';
import { buildIsCurrent } from '../../scripts/source-stamp.mjs';
import { apiEnv, assertApiBuilt, ROOT } from '../lib/api.mjs';
import { runPerEngine } from '../lib/engines.mjs';
import { requestJson } from '../lib/net.mjs';
import { createTempDatabase } from '../lib/postgres.mjs';
import { formatTarget, machine, target, warnIfCpuBusy, writeResult } from '../lib/report.mjs';
import { startServer } from '../lib/servers.mjs';
import { NPM_CLI } from '../lib/start-timing.mjs';
import { makeTempDir } from '../lib/suite.mjs';

/** The first start listens within this on a quiet two-core machine. */
const FIRST_START_LIMIT_MS = 10_000;
/** How long the background renders may take before the suite gives up on them. */
const PREVIEWS_TIMEOUT_MS = 15 * 60_000;

/** @type {import('../lib/suite.mjs').Suite} */
export async function firstStart(ctx) {
  assertApiBuilt();
  // A build older than the sources would make `npm start` rebuild first and time the build instead.
  if (!buildIsCurrent()) {
    throw new Error('The build is older than the sources: run `npm run bench`, which builds first.');
  }
  return runPerEngine(ctx, 'first-start', (engine, scope) => runEngine(ctx, engine, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/engines.mjs').Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function runEngine(ctx, engine, scope) {
  const label = `first-start / ${engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const busy = await warnIfCpuBusy(log, 2_000, 'the first start');
  const loadBefore = machine().loadAverage;

  const dataDir = await makeTempDir(scope, `first-start-${engine.name}`);
  // Run as root, the embedded database server runs as the "postgres" account, which must be able
  // to enter the folder (a temporary folder is private to its owner).
  await fs.promises.chmod(dataDir, 0o755);
  const databaseUrl = engine.serverUrl ? (await createTempDatabase(engine.serverUrl, scope)).url : undefined;
  // What a person gets: demo content on, and the progress lines of the log.
  const env = { ...apiEnv({ dataDir, databaseUrl }), SEED_DEMO: 'true', LOG_LEVEL: 'info' };
  /** @param {string} name */
  const npmStart = (name) =>
    startServer({
      label: `${name} npm start (${engine.name})`,
      script: NPM_CLI,
      args: ['start', '--silent'],
      cwd: ROOT,
      env,
      readyPath: '/api/config',
      resources: scope,
      signal: ctx.signal,
      timeoutMs: 10 * 60_000,
    });

  log('first `npm start` on an empty data folder');
  const first = await npmStart('first');
  const firstStartMs = Math.round(first.startupMs);
  log(`listened after ${firstStartMs} ms`);
  const listing = await requestJson(`${first.baseUrl}/api/designs/newest?page=1`);
  const cards = Array.isArray(listing.body?.designs) ? listing.body.designs : [];
  const check = {
    designs: listing.body?.total ?? null,
    cardsWithPhotos: cards.filter((/** @type {{ files: { url: string }[] }} */ c) =>
      c.files.some((f) => /-card\.webp$/.test(f.url)),
    ).length,
    cards: cards.length,
  };
  log(
    `at once: ${check.designs} designs, ${check.cardsWithPhotos} of the first ${check.cards} cards with photos`,
  );

  const previewsMs = await waitForLine(first.proc, /"msg":"STL previews rendered"/, ctx.signal);
  const progressLines = (first.proc.output.text.match(/rendering STL previews: \d+\/\d+/g) ?? []).length;
  log(
    `previews rendered in the background ${Math.round(previewsMs)} ms after spawn (${progressLines} progress lines)`,
  );
  await first.stop();

  // The baseline: the same command on the same data, now seeded and rendered.
  const second = await npmStart('second');
  const secondStartMs = Math.round(second.startupMs);
  await second.stop();
  log(`second start listened after ${secondStartMs} ms`);

  const targets = [
    target(
      'first `npm start`: spawn to first 200 of /api/config',
      firstStartMs,
      '<',
      FIRST_START_LIMIT_MS,
      'ms',
    ),
  ];
  const result = {
    suite: 'first-start',
    engine: engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), loadAverageBefore: loadBefore, cpuBusyBefore: busy },
    firstStartMs,
    secondStartMs,
    firstVsSecond: Math.round((firstStartMs / secondStartMs) * 100) / 100,
    previewsDoneMs: Math.round(previewsMs),
    progressLines,
    check,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult(`first-start-${engine.name}`, result);

  console.log(
    `\n${label}: load average before ${loadBefore.join(' ')}, after ${result.machine.loadAverage.join(' ')}`,
  );
  console.log(
    `first npm start ${firstStartMs} ms, second (baseline) ${secondStartMs} ms: ${result.firstVsSecond}x; ` +
      `previews done ${result.previewsDoneMs} ms after spawn`,
  );
  for (const t of targets) console.log(`  ${formatTarget(t)}`);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  const failedCases =
    check.designs > 0 && check.cardsWithPhotos === check.cards ? [] : ['demo designs with photos at once'];
  return { label, file, targets, failedCases };
}

/**
 * Milliseconds from the process's spawn until its output has a line matching `pattern`.
 * @param {import('../lib/proc.mjs').NodeProcess} proc
 * @param {RegExp} pattern
 * @param {AbortSignal} signal
 */
async function waitForLine(proc, pattern, signal) {
  const deadline = performance.now() + PREVIEWS_TIMEOUT_MS;
  while (!pattern.test(proc.output.text)) {
    signal.throwIfAborted();
    if (!proc.running) throw new Error(`the server stopped before logging ${pattern}`);
    if (performance.now() > deadline) throw new Error(`no ${pattern} after ${PREVIEWS_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - proc.spawnedAt;
}
