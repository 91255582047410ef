// The database engines a suite measures on, one after the other: the embedded PostgreSQL server the
// API runs in its DATA_DIR (the default) always, and a local PostgreSQL server of one's own when
// one is configured; each with a fresh, seeded database.
// BENCH_ENGINES (e.g. `postgres`) measures only the engines named. BENCH_KEEP_SEEDED=1 keeps a
// seeded PostgreSQL database (`bench_kept_<suite>_<designs>`) for the next run instead of seeding
// 100 000 designs again; the API migrates it at start. Drop it when the seed itself changes.
import { apiEnv, seedDatabase } from './api.mjs';
import { guardEmbeddedServer } from './embedded-db.mjs';
import { createTempDatabase, existingDatabaseUrl, postgresServerUrl, renameDatabase } from './postgres.mjs';
import { makeTempDir, runInScope } from './suite.mjs';

/** @typedef {'embedded' | 'postgres'} EngineName */
/** @typedef {{ name: EngineName, serverUrl?: string }} Engine */

/** @type {EngineName[]} */
const ENGINE_NAMES = ['embedded', 'postgres'];

/**
 * The engines BENCH_ENGINES names (comma-separated), or all of them.
 * @returns {EngineName[]}
 */
export function wantedEngines(env = process.env) {
  const raw = env.BENCH_ENGINES?.trim();
  if (!raw) return ENGINE_NAMES;
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !ENGINE_NAMES.includes(/** @type {EngineName} */ (name)));
  if (unknown.length > 0) {
    throw new Error(`BENCH_ENGINES names ${ENGINE_NAMES.join(' and ')}, not "${unknown.join(', ')}"`);
  }
  return /** @type {EngineName[]} */ (names);
}

/**
 * Runs `runEngine` once per engine, each in its own resource scope (`<suite> / <engine>`), and
 * gathers their reports and errors.
 * @param {import('./suite.mjs').SuiteContext} ctx
 * @param {string} suite
 * @param {(engine: Engine, scope: import('./resources.mjs').Scope) => Promise<import('./suite.mjs').SuiteReport>} runEngine
 * @param {readonly EngineName[]} [measurable] the engines the suite's figures mean something on
 * @returns {Promise<import('./suite.mjs').SuiteOutcome>}
 */
export async function runPerEngine(ctx, suite, runEngine, measurable = ENGINE_NAMES) {
  const wanted = wantedEngines().filter((name) => measurable.includes(name));
  /** @type {Engine[]} */
  const engines = wanted.includes('embedded') ? [{ name: 'embedded' }] : [];
  const serverUrl = postgresServerUrl();
  if (!wanted.includes('postgres')) ctx.log(`${suite}: PostgreSQL skipped (not in BENCH_ENGINES)`);
  else if (serverUrl) engines.push({ name: 'postgres', serverUrl });
  else ctx.log(`${suite}: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)`);

  /** @type {import('./suite.mjs').SuiteOutcome} */
  const outcome = { reports: [], errors: [] };
  for (const engine of engines) {
    ctx.signal.throwIfAborted();
    const part = await runInScope(ctx, `${suite} / ${engine.name}`, (scope) => runEngine(engine, scope));
    outcome.reports.push(...part.reports);
    outcome.errors.push(...part.errors);
  }
  return outcome;
}

/**
 * The API's environment on a fresh database of `engine` (a temporary one on the PostgreSQL server,
 * dropped with the scope), seeded with `designs` designs; on PostgreSQL with BENCH_KEEP_SEEDED=1,
 * the database a previous run kept, or a new one kept for the next.
 * @param {object} options
 * @param {Engine} options.engine
 * @param {import('./resources.mjs').Scope} options.scope
 * @param {string} options.dirName names the temporary DATA_DIR
 * @param {number} [options.designs] default: the demo catalogue as it is
 * @param {number} options.timeoutMs for the seeding
 * @param {AbortSignal} options.signal
 * @param {(line: string) => void} options.log
 */
export async function seededApiEnv({ engine, scope, dirName, designs, timeoutMs, signal, log }) {
  const dataDir = await makeTempDir(scope, dirName);
  /** @type {string | undefined} */
  let databaseUrl;
  /** @type {string | null} */
  let databaseName = null;
  const keptName = `bench_kept_${dirName.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${designs ?? 'demo'}`;
  const keep = Boolean(engine.serverUrl) && process.env.BENCH_KEEP_SEEDED === '1';
  if (engine.serverUrl && keep) {
    const keptUrl = await existingDatabaseUrl(engine.serverUrl, keptName);
    if (keptUrl) {
      log(`reusing the seeded database ${keptName} (BENCH_KEEP_SEEDED=1)`);
      const env = apiEnv({ dataDir, databaseUrl: keptUrl });
      return { env, databaseName: keptName, seed: { seconds: 0, output: `reused ${keptName}` } };
    }
  }
  if (engine.serverUrl) {
    const db = await createTempDatabase(engine.serverUrl, scope);
    databaseUrl = db.url;
    databaseName = db.name;
    log(`created database ${db.name}`);
  } else {
    guardEmbeddedServer(scope, dataDir);
  }
  const env = apiEnv({ dataDir, databaseUrl });

  log(
    `seeding ${designs === undefined ? 'the demo catalogue' : `${designs.toLocaleString('en-US')} designs`}...`,
  );
  const seed = await seedDatabase({ env, designs, timeoutMs, signal });
  log(`seeded in ${seed.seconds} s (${seed.output.split('\n').at(-1)})`);
  if (engine.serverUrl && databaseName && keep) {
    // Renamed only now, so a seeding cut short leaves no kept database; the scope's drop of the
    // temporary name then finds nothing.
    await renameDatabase(engine.serverUrl, databaseName, keptName);
    log(`kept the seeded database as ${keptName} for the next run`);
    const keptUrl = new URL(engine.serverUrl);
    keptUrl.pathname = `/${keptName}`;
    return { env: apiEnv({ dataDir, databaseUrl: keptUrl.toString() }), databaseName: keptName, seed };
  }
  return { env, databaseName, seed };
}
