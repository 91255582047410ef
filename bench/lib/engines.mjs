// The database engines a suite measures on, one after the other: the embedded PGlite always, and a
// local PostgreSQL server when one is configured; each with a fresh, seeded database.
import { apiEnv, seedDatabase } from './api.mjs';
import { createTempDatabase, postgresServerUrl } from './postgres.mjs';
import { makeTempDir, runInScope } from './suite.mjs';

/** @typedef {'pglite' | 'postgres'} EngineName */
/** @typedef {{ name: EngineName, serverUrl?: string }} Engine */

/**
 * Runs `runEngine` once per engine, each in its own resource scope (`<suite> / <engine>`), and
 * gathers their reports and errors.
 * @param {import('./suite.mjs').SuiteContext} ctx
 * @param {string} suite
 * @param {(engine: Engine, scope: import('./resources.mjs').Scope) => Promise<import('./suite.mjs').SuiteReport>} runEngine
 * @returns {Promise<import('./suite.mjs').SuiteOutcome>}
 */
export async function runPerEngine(ctx, suite, runEngine) {
  /** @type {Engine[]} */
  const engines = [{ name: 'pglite' }];
  const serverUrl = postgresServerUrl();
  if (serverUrl) engines.push({ name: 'postgres', serverUrl });
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
 * dropped with the scope), seeded with `designs` designs.
 * @param {object} options
 * @param {Engine} options.engine
 * @param {import('./resources.mjs').Scope} options.scope
 * @param {string} options.dirName names the temporary DATA_DIR
 * @param {number} options.designs
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
  if (engine.serverUrl) {
    const db = await createTempDatabase(engine.serverUrl, scope);
    databaseUrl = db.url;
    databaseName = db.name;
    log(`created database ${db.name}`);
  }
  const env = apiEnv({ dataDir, databaseUrl });

  log(`seeding ${designs.toLocaleString('en-US')} designs...`);
  const seed = await seedDatabase({ env, designs, timeoutMs, signal });
  log(`seeded in ${seed.seconds} s (${seed.output.split('\n').at(-1)})`);
  return { env, databaseName, seed };
}
