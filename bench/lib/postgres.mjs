import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertLocal } from './net.mjs';

/** The `pg` client the API itself uses (resolved from apps/api). */
const apiRequire = createRequire(path.resolve(import.meta.dirname, '../../apps/api/package.json'));
const pg = /** @type {typeof import('pg')} */ (apiRequire('pg'));

/** The PostgreSQL server to benchmark on, when one is configured. */
export function postgresServerUrl() {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Creates an empty database `bench_<random>` on the server of `serverUrl`, and registers its drop
 * (disconnecting whoever is still connected) with `resources` before creating it, so an interrupt
 * at any moment leaves nothing behind.
 * @param {string} serverUrl a connection string to any database of a local PostgreSQL server
 * @param {Pick<import('./resources.mjs').Resources, 'defer'>} resources
 * @returns {Promise<{ name: string, url: string }>}
 */
export async function createTempDatabase(serverUrl, resources) {
  assertLocal(serverUrl, 'BENCH_DATABASE_URL / TEST_DATABASE_URL');
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const drop = resources.defer(`drop database ${name}`, async () => {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  try {
    await admin(serverUrl, `CREATE DATABASE ${name}`);
  } catch (err) {
    // Nothing was created (CREATE DATABASE is all or nothing); the server may not even be reachable.
    await drop().catch(() => {});
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * The connection string of database `name` on the server of `serverUrl`, when it exists.
 * @param {string} serverUrl
 * @param {string} name
 * @returns {Promise<string | null>}
 */
export async function existingDatabaseUrl(serverUrl, name) {
  assertLocal(serverUrl, 'BENCH_DATABASE_URL / TEST_DATABASE_URL');
  const rows = await admin(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rows.length === 0) return null;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Renames database `from` (nobody may be connected to it) to `to`: a kept seeded database gets its
 * name only once its seeding has finished, so a name always stands for a whole catalogue.
 * @param {string} serverUrl
 * @param {string} from
 * @param {string} to
 */
export async function renameDatabase(serverUrl, from, to) {
  await admin(serverUrl, `ALTER DATABASE ${from} RENAME TO ${to}`);
}

/**
 * Runs one statement on its own short-lived connection.
 * @param {string} serverUrl
 * @param {string} statement
 * @param {unknown[]} [values] bound to $1, $2...
 */
async function admin(serverUrl, statement, values = /** @type {unknown[]} */ ([])) {
  const client = new pg.Client({
    connectionString: serverUrl,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
  });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}
