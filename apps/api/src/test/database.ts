import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file, on the run's PostgreSQL server (TEST_DATABASE_URL's,
 * or the embedded one the global setup started). `drop` closes and removes it. With
 * `{ migrated: false }` it has no tables at all, as a new server's database before the first start.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<{
  db: Database;
  /** The database's URL, for a server process of its own. */
  url: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = inject('testDatabaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await administer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase(url.toString(), { poolSize: 5 });
  if (migrated) await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await administer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function administer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
