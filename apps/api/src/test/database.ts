import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when the test project runs with TEST_ENGINE=postgres.
 * `drop` closes it and, on PostgreSQL, removes it.
 */
export async function createTestDatabase(): Promise<{
  db: Database;
  /** The PostgreSQL database's URL, for a server process of its own; undefined on PGlite. */
  url?: string;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_ENGINE !== 'postgres') {
    const db = await openDatabase({ engine: 'pglite' });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
