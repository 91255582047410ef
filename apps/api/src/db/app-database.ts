import { type Database, openDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embedded/embedded-server.ts';
import { claimDatabase, DatabaseInUseError } from './embedded/instance-lock.ts';
import { migrateToLatest } from './migrate.ts';

export type AppDatabase = { db: Database; close: () => Promise<void> };

/**
 * The app's database, migrated: the PostgreSQL server of `databaseUrl`, or else the embedded one
 * this process runs in `dbDir` (started, or adopted after a crash) and claims for itself. `close`
 * ends the connections and stops the embedded server.
 */
export async function openAppDatabase(
  config: { databaseUrl?: string; dbDir: string },
  log: (message: string) => void,
): Promise<AppDatabase> {
  if (config.databaseUrl) {
    const db = await migrated(config.databaseUrl);
    return { db, close: () => db.destroy() };
  }
  const server = await startEmbeddedPostgres(config.dbDir, { log });
  let claim: Awaited<ReturnType<typeof claimDatabase>>;
  try {
    claim = await claimDatabase(server.url, config.dbDir);
  } catch (err) {
    // The server another process is using keeps running.
    if (!(err instanceof DatabaseInUseError)) await server.stop();
    throw err;
  }
  const stop = async () => {
    await claim.release();
    await server.stop();
  };
  try {
    const db = await migrated(server.url);
    return {
      db,
      close: async () => {
        await db.destroy();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function migrated(url: string): Promise<Database> {
  const db = await openDatabase(url);
  try {
    await migrateToLatest(db);
    return db;
  } catch (err) {
    await db.destroy();
    throw err;
  }
}
