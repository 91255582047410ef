import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { watchPool } from '../lib/metrics.ts';
import { preparingClient } from './prepared-statements.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

// int8 (counts, sums, file sizes) as JS numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

/** A pool of connections to the PostgreSQL database at `url`, checked with one query. */
export async function openDatabase(url: string, { poolSize = 10 } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: preparingClient(pg) });
  // An idle connection the server ends (restart, failover, an administrator) is dropped by the
  // pool and the next query opens a new one; unheard, the pool's error event would end the process.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`));
  try {
    // Fail at start with the server's own message rather than on the first request.
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw err;
  }
  watchPool(pool);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
