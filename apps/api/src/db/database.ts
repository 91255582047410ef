import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { lockDirectory } from './lock.ts';
import { PGlitePool } from './pglite-pool.ts';
import { preparingClient } from './prepared-statements.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export type DatabaseTarget =
  | { engine: 'postgres'; url: string; poolSize?: number }
  /** `dir` undefined means an in-memory database (tests). */
  | { engine: 'pglite'; dir?: string };

// int8 (counts, sums, file sizes) as JS numbers: every value we store fits in 2^53.
const parseInt8 = (value: string) => Number.parseInt(value, 10);

/** Each engine's driver is loaded only when used, which keeps start-up quick and memory low. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.engine === 'postgres') {
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(20, parseInt8);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      Client: preparingClient(pg),
    });
    // An idle connection the server ends (restart, failover, an administrator) is dropped by the
    // pool and the next query opens a new one; unheard, the pool's error event would end the process.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`));
    // Fail at start with the server's own message rather than on the first request.
    await pool.query('select 1');
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // Search (migration 0003) needs pg_trgm; PGlite has an extension only when created with it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const release = target.dir ? lockDirectory(target.dir) : () => {};
  try {
    const db = await PGlite.create({
      dataDir: target.dir,
      parsers: { 20: parseInt8 },
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers lives inside the WASM heap and is never given
      // back; 32 MB holds the hot pages of a sizeable shop and keeps the process small.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
    const pool = new PGlitePool(db, release);
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
    // Kysely connects lazily and only closes what it connected: connect now so destroy() always
    // closes PGlite and releases the directory lock.
    await sql`select 1`.execute(kysely);
    return kysely;
  } catch (err) {
    release();
    throw err;
  }
}
